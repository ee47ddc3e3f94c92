/// Decoding of `%XX` escapes (RFC 3986 §2.1), strict: a broken escape is refused rather than passed
/// through, so two layers never disagree on what a URL means. Each caller decides what the bytes
/// must then be (UTF-8 text, a file path) and how to say no.
public enum PercentDecoding {
    /// The decoded bytes, or nil for a broken escape or a byte `accepts` refuses. `plusIsSpace` for
    /// query strings and forms. `accepts` sees each decoded byte and whether it came from an escape
    /// (a file path refuses an escaped `/`, which a plain one may hold).
    @inlinable
    public static func decode(
        _ bytes: some Collection<UInt8>, plusIsSpace: Bool = false,
        accepts: (_ byte: UInt8, _ escaped: Bool) -> Bool = { _, _ in true }
    ) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != bytes.endIndex, let high = Hex.value(of: bytes[index]) else { return nil }
                bytes.formIndex(after: &index)
                guard index != bytes.endIndex, let low = Hex.value(of: bytes[index]) else { return nil }
                bytes.formIndex(after: &index)
                let value = high << 4 | low
                guard accepts(value, true) else { return nil }
                decoded.append(value)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                guard accepts(byte, false) else { return nil }
                decoded.append(byte)
            }
        }
        return decoded
    }

    /// The decoded text, or nil for a broken escape or bytes that are not UTF-8.
    @inlinable
    public static func decodeText(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String? {
        decode(text.utf8, plusIsSpace: plusIsSpace).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
