extension HTTPRequestParser {
    /// chunk-size [ chunk-ext ] (RFC 9112 §7.1): hex digits, then extensions that are checked against
    /// their grammar and ignored. The size is checked against the body limit digit by digit, so it
    /// cannot overflow.
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
        let rest = line[index...]
        if let first = rest.first(where: { !ASCII.isWhitespace($0) }), first != ASCII.semicolon {
            throw .badRequest("invalid chunk size")
        }
        guard Self.isChunkExtensions(rest) else { throw .badRequest("invalid chunk extension") }
        return size
    }

    /// chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ), where the name is a
    /// token and the value a token or a quoted-string. A bare `;` has no name and is refused: a
    /// parser that skipped it would read the line differently from one that does not.
    static func isChunkExtensions(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        func skipWhitespace() {
            while index < bytes.endIndex, ASCII.isWhitespace(bytes[index]) { index += 1 }
        }
        func skipToken() -> Bool {
            let start = index
            while index < bytes.endIndex, ASCII.isTokenCharacter(bytes[index]) { index += 1 }
            return index > start
        }
        while true {
            skipWhitespace()
            guard index < bytes.endIndex else { return true }
            guard bytes[index] == ASCII.semicolon else { return false }
            index += 1
            skipWhitespace()
            guard skipToken() else { return false }
            skipWhitespace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            skipWhitespace()
            guard index < bytes.endIndex else { return false }
            if bytes[index] == ASCII.quote {
                guard skipQuotedString(bytes, from: &index) else { return false }
            } else if !skipToken() {
                return false
            }
        }
    }

    /// quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE (RFC 9110 §5.6.4), from its opening quote.
    private static func skipQuotedString(_ bytes: ArraySlice<UInt8>, from index: inout Int) -> Bool {
        index += 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case ASCII.quote:
                return true
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex, isQuotedTextByte(bytes[index]) || bytes[index] == ASCII.quote
                    || bytes[index] == UInt8(ascii: "\\")
                else { return false }
                index += 1
            default:
                guard isQuotedTextByte(byte) else { return false }
            }
        }
        return false
    }

    /// qdtext: HTAB, SP and visible characters other than `"` and `\`, plus obs-text.
    private static func isQuotedTextByte(_ byte: UInt8) -> Bool {
        byte == ASCII.tab || byte == ASCII.space || (byte >= 0x21 && byte != 0x7F && byte != ASCII.quote
            && byte != UInt8(ascii: "\\"))
    }
}
