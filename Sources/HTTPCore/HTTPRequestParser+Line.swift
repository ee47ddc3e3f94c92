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

    /// The empty line at `readIndex` when its CRLF is there whole and unscanned: the line ending
    /// every head, settled without a scan. Its two bytes are charged to the limits as any line's.
    func emptyLineAhead() -> Range<Int>? {
        guard scanned == 0, readIndex + 2 <= buffer.count,
              buffer[readIndex] == ASCII.cr, buffer[readIndex + 1] == ASCII.lf
        else { return nil }
        return readIndex..<readIndex
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
        // The usual line, there whole and seen for the first time: its first control byte is the
        // CR of its CRLF, within the limit. Judged as the loop below would judge it, in one search.
        if scanned == 0 {
            let crlf = buffer.withUnsafeBufferPointer { bytes -> Int? in
                let end = min(bytes.count, start + maxLength)
                let cr = Self.firstControlByte(in: bytes, from: start, to: end)
                // `end` itself, where nothing was found, is past the limit: the loop judges it.
                guard cr < end, cr + 1 < bytes.count, bytes[cr] == ASCII.cr, bytes[cr + 1] == ASCII.lf else { return nil }
                return cr
            }
            if let crlf {
                lineIsPlain = true
                return start..<crlf
            }
        }
        let resume = readIndex + scanned
        // A line resumed after a partial scan had bytes judged by an earlier call: it is not
        // known to be plain (see `lineIsPlain`).
        var plain = resume == start
        let scan = buffer.withUnsafeBufferPointer { bytes -> Scan in
            var index = resume
            var previous: UInt8 = index > start ? bytes[index - 1] : 0
            // Ordinary bytes (none below 0x20, not DEL) within the length limit pass every check
            // below: they are skipped eight at a time, and only the bytes that decide something
            // (or a tab, or another control byte, which make the line not plain) are judged.
            let ordinaryEnd = min(bytes.count, start + maxLength)
            while index < bytes.count {
                if previous != ASCII.cr && index < ordinaryEnd {
                    let next = Self.firstControlByte(in: bytes, from: index, to: ordinaryEnd)
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
                if byte != ASCII.cr { plain = false }
                previous = byte
                index += 1
            }
            return .partial(scanned: index - start)
        }
        switch scan {
        case .line(let length):
            lineIsPlain = plain
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

    /// The index of the first byte below 0x20 or equal to 0x7F (DEL) in `bytes[from..<to]`, or `to`,
    /// whole words at a time: every line ending, NUL and bare CR is among them.
    static func firstControlByte(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = from
        while index + 8 <= end {
            // Little-endian, so the first byte in memory is the lowest of the word.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte below 0x20 sets its high bit in `below`, a DEL byte (a zero byte of `delete`)
            // in the second term; bytes of 0x80 and above set neither. A borrow can flag a byte
            // above a flagged one, never below it: the lowest flag marks the first such byte.
            let below = (word &- ones &* 0x20) & ~word
            let delete = word ^ (ones &* 0x7F)
            let found = (below | (delete &- ones) & ~delete) & highs
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == 0x7F { return index }
            index += 1
        }
        return end
    }
}
