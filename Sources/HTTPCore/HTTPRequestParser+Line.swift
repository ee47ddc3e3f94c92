extension HTTPRequestParser {
    enum LineKind {
        case requestLine
        case field
        case chunkSize
    }

    /// A chunk-size line with extensions is bounded too, though Limits does not name it.
    static let maxChunkLineBytes = 4096

    private enum Scan {
        case line(length: Int)
        case partial(scanned: Int)
        case tooLong
        case bareCR
        case bareLF
        case nul
    }

    /// Finds the CRLF ending the line at `readIndex`, resuming where the last call stopped so a line
    /// arriving byte by byte costs linear time. Every byte is checked as it is first seen (NUL, bare CR,
    /// bare LF, length), so the outcome never depends on how the input was split.
    /// Bare LF is rejected: RFC 9112 §2.2 lets a recipient accept it, and refusing is the strict choice.
    /// Returns the line's range in `buffer` without its CRLF, or nil when the line is incomplete.
    mutating func scanLine(_ kind: LineKind) throws(HTTPParseError) -> Range<Int>? {
        let maxLength =
            switch kind {
            case .requestLine: limits.maxRequestLineBytes + 1
            case .field: max(0, limits.maxHeaderBytes - pending.headerBytes)
            case .chunkSize: HTTPRequestParser.maxChunkLineBytes + 1
            }
        let start = readIndex
        let resume = readIndex + scanned
        let scan = buffer.withUnsafeBufferPointer { bytes -> Scan in
            var index = resume
            var previous: UInt8 = index > start ? bytes[index - 1] : 0
            // Ordinary bytes (none of LF, CR, NUL) within the length limit pass every check below:
            // they are skipped eight at a time, and only the bytes that decide something are judged.
            let ordinaryEnd = min(bytes.count, start + maxLength)
            while index < bytes.count {
                if previous != ASCII.cr && index < ordinaryEnd {
                    let next = Self.firstSpecialByte(in: bytes, from: index, to: ordinaryEnd)
                    if next > index {
                        index = next
                        previous = bytes[index - 1]
                        if index == bytes.count { break }
                    }
                }
                let byte = bytes[index]
                if byte == ASCII.lf {
                    return previous == ASCII.cr ? .line(length: index - 1 - start) : .bareLF
                }
                if index - start >= maxLength { return .tooLong }
                if previous == ASCII.cr { return .bareCR }
                if byte == 0 { return .nul }
                previous = byte
                index += 1
            }
            return .partial(scanned: index - start)
        }
        switch scan {
        case .line(let length):
            return start..<(start + length)
        case .partial(let count):
            scanned = count
            return nil
        case .bareCR:
            throw .badRequest("bare CR")
        case .bareLF:
            throw .badRequest("line not terminated by CRLF")
        case .nul:
            throw .badRequest("NUL byte")
        case .tooLong:
            switch kind {
            case .requestLine: throw HTTPParseError(status: .uriTooLong, reason: "request line too long")
            case .field:
                throw HTTPParseError(status: .requestHeaderFieldsTooLarge, reason: "header section too large")
            case .chunkSize: throw .badRequest("chunk-size line too long")
            }
        }
    }

    /// The index of the first LF, CR or NUL in `bytes[from..<to]`, or `to`: whole words at a time.
    static func firstSpecialByte(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = from
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A zero byte of `x` (a byte of `word` equal to the pattern's) sets its high bit here.
            let lf = word ^ (ones &* UInt64(ASCII.lf))
            let cr = word ^ (ones &* UInt64(ASCII.cr))
            let found = ((lf &- ones) & ~lf | (cr &- ones) & ~cr | (word &- ones) & ~word) & highs
            if found != 0 { break }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == ASCII.lf || byte == ASCII.cr || byte == 0 { return index }
            index += 1
        }
        return end
    }
}
