/// Appends little-endian integers and length-prefixed strings: the store's on-disk encoding.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// A UInt32 length, then the bytes.
    mutating func appendPrefixed(_ raw: [UInt8]) {
        append(UInt32(raw.count))
        bytes.append(contentsOf: raw)
    }

    mutating func appendPrefixed(_ string: String) {
        appendPrefixed(Array(string.utf8))
    }
}
