/// Reads what `ByteWriter` wrote, returning nil instead of trapping on short or malformed input:
/// everything read back from disk is untrusted.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private(set) var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - offset }
    var isAtEnd: Bool { remaining == 0 }

    mutating func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) -> Integer? {
        let size = MemoryLayout<Integer>.size
        guard remaining >= size else { return nil }
        var value: Integer = 0
        for index in 0..<size {
            value |= Integer(bytes[offset + index]) << (8 * index)
        }
        offset += size
        return value
    }

    mutating func read(count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func readPrefixed() -> [UInt8]? {
        guard let length = read(UInt32.self), let raw = read(count: Int(length)) else { return nil }
        return Array(raw)
    }

    mutating func readPrefixedString() -> String? {
        guard let raw = readPrefixed() else { return nil }
        return String(validating: raw, as: UTF8.self)
    }
}
