extension HTTPRequestParser {
    /// chunk-size [ chunk-ext ] (RFC 9112 §7.1): hex digits, then extensions that are tolerated and
    /// ignored. The size is checked against the body limit digit by digit, so it cannot overflow.
    mutating func parseChunkSize(_ range: Range<Int>) throws(HTTPParseError) -> Int {
        let line = buffer[range]
        let allowance = limits.maxBodyBytes - pending.body.count
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = ASCII.hexValue(line[index]) {
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            size = shifted | Int(digit)
            if overflow || size > allowance {
                throw HTTPParseError(status: .payloadTooLarge, reason: "body too large")
            }
            index += 1
        }
        guard index > line.startIndex else { throw .badRequest("invalid chunk size") }
        var rest = line[index...]
        while let byte = rest.first, ASCII.isWhitespace(byte) { rest = rest.dropFirst() }
        guard rest.isEmpty || rest.first == ASCII.semicolon else { throw .badRequest("invalid chunk size") }
        guard rest.allSatisfy({ $0 >= 0x20 ? $0 != 0x7F : $0 == ASCII.tab }) else {
            throw .badRequest("invalid chunk extension")
        }
        return size
    }
}
