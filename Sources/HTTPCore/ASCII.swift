import ByteCoding

/// Byte-level helpers shared by the codec: HTTP's grammar is ASCII, so none of this needs Unicode.
enum ASCII {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let comma: UInt8 = 0x2C
    static let percent: UInt8 = 0x25
    static let plus: UInt8 = 0x2B
    static let equals: UInt8 = 0x3D
    static let ampersand: UInt8 = 0x26
    static let question: UInt8 = 0x3F
    static let slash: UInt8 = 0x2F
    static let quote: UInt8 = 0x22

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Inlined: most names a lookup passes differ in length, settled here without a call.
    @inline(__always)
    static func caseInsensitiveEquals(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && caseInsensitiveEqualsOfSameLength(lhs, rhs)
    }

    static func caseInsensitiveEqualsOfSameLength(_ lhs: String, _ rhs: String) -> Bool {
        // Every request and response looks up fields many times: a different name of the same
        // length (User-Agent and Connection) mostly differs at its first byte, settled before
        // the string comparison's general path; a name spelled as the lookup spells it is then
        // settled by the string comparison.
        guard let lhsFirst = lhs.utf8.first, let rhsFirst = rhs.utf8.first else { return lhs.isEmpty && rhs.isEmpty }
        if lowercased(lhsFirst) != lowercased(rhsFirst) { return false }
        if lhs == rhs { return true }
        var other = rhs.utf8.makeIterator()
        for byte in lhs.utf8 {
            guard let otherByte = other.next(), lowercased(byte) == lowercased(otherByte) else { return false }
        }
        return true
    }

    /// For the parser's slices of its buffer: compared through pointers, no generic iteration.
    static func caseInsensitiveEquals(_ lhs: ArraySlice<UInt8>, _ rhs: StaticString) -> Bool {
        guard lhs.count == rhs.utf8CodeUnitCount else { return false }
        let spelled = rhs.utf8Start
        return lhs.withUnsafeBufferPointer { bytes in
            for index in 0..<bytes.count where lowercased(bytes[index]) != lowercased(spelled[index]) { return false }
            return true
        }
    }

    static func caseInsensitiveEquals(_ lhs: some Collection<UInt8>, _ rhs: StaticString) -> Bool {
        guard lhs.count == rhs.utf8CodeUnitCount else { return false }
        return rhs.withUTF8Buffer { rhsBytes in
            zip(lhs, rhsBytes).allSatisfy { lowercased($0) == lowercased($1) }
        }
    }

    /// `tchar` of RFC 9110 §5.6.2: what methods, field names and coding names are made of.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        // A bit per ASCII byte (the set: digits, letters and !#$%&'*+-.^_`|~), tested in a few
        // instructions: every byte of every field name of every request is asked.
        isIn(byte, low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE)
    }

    /// Whether `byte` is ASCII with its bit set in `low` (bytes 0-63) or `high` (64-127): a set
    /// of characters tested without a table to load or bounds to check.
    @inline(__always)
    static func isIn(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte &- 64) & 1 == 1
    }

    static func isToken(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    /// Whether two buffers of the same length hold the same bytes, compared a word at a time.
    static func sameBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var index = 0
        while index + 8 <= lhs.count {
            if lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index += 8
        }
        while index < lhs.count {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        Hex.value(of: byte)
    }

    /// Splits a comma-separated field value (RFC 9110 §5.6.1) into trimmed, non-empty elements.
    static func listElements(_ value: String) -> [Substring] {
        value.split(separator: ",").map { trimmingWhitespace($0) }.filter { !$0.isEmpty }
    }

    static func trimmingWhitespace(_ text: Substring) -> Substring {
        var text = text
        while let first = text.utf8.first, isWhitespace(first) { text = text.dropFirst() }
        while let last = text.utf8.last, isWhitespace(last) { text = text.dropLast() }
        return text
    }
}
