import ByteCoding

/// Percent-encoding (RFC 3986 §2.1), strict: a malformed escape is an error rather than passed through,
/// so two layers can never disagree on what a URL means.
public enum PercentEncoding {
    /// Decodes `%XX` escapes; `+` stays `+` (only forms treat it as a space).
    public static func decode(_ s: Substring) throws(URLEncodingError) -> String {
        try decode(bytes: s.utf8, plusAsSpace: false)
    }

    /// Escapes every byte outside `allowed` as `%XX` (uppercase hex, UTF-8 for non-ASCII).
    public static func encode(_ s: String, allowed: Allowed = .unreserved) -> String {
        if s.utf8.allSatisfy(allowed.contains) { return s }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count * 3)
        for byte in s.utf8 {
            appendEncoded(byte, allowed: allowed, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendEncoded(_ byte: UInt8, allowed: Allowed, to bytes: inout [UInt8]) {
        if allowed.contains(byte) {
            bytes.append(byte)
        } else {
            let hex = Array("0123456789ABCDEF".utf8)
            bytes.append(ASCII.percent)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }

    static func decode(bytes: some Collection<UInt8>, plusAsSpace: Bool) throws(URLEncodingError) -> String {
        guard let decoded = PercentDecoding.decode(bytes, plusIsSpace: plusAsSpace) else { throw .invalidPercentEscape }
        guard let string = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }
}
