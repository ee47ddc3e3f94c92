/// application/x-www-form-urlencoded, for POSTed forms and query strings alike: `&`-separated
/// `name=value` pairs, `+` as space, strict percent-decoding.
public enum URLEncodedForm {
    /// The pairs in order; empty segments (`a=1&&b=2`) are skipped and a name without `=` has value "".
    /// `limits` are checked on the raw bytes before anything is decoded.
    public static func decode(
        _ bytes: some Collection<UInt8>, limits: Limits = .init()
    ) throws(URLEncodingError) -> [(name: String, value: String)] {
        let checked: Result<Void, URLEncodingError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(URLEncodingError) in try check(buffer, against: limits) }
        }
        switch checked {
        case .success?: break
        case .failure(let error)?: throw error
        case nil:
            let copy = Array(bytes)
            try copy.withUnsafeBufferPointer { buffer throws(URLEncodingError) in try check(buffer, against: limits) }
        }
        var pairs: [(name: String, value: String)] = []
        for segment in bytes.split(separator: ASCII.ampersand, omittingEmptySubsequences: true) {
            if let equals = segment.firstIndex(of: ASCII.equals) {
                let name = try PercentEncoding.decode(bytes: segment[..<equals], plusAsSpace: true)
                let value = try PercentEncoding.decode(bytes: segment[segment.index(after: equals)...], plusAsSpace: true)
                pairs.append((name: name, value: value))
            } else {
                pairs.append((name: try PercentEncoding.decode(bytes: segment, plusAsSpace: true), value: ""))
            }
        }
        return pairs
    }

    /// A raw query string (`HTTPRequest.query`), decoded like a form: HTML forms sent by GET put spaces as `+`.
    public static func decode(query: String, limits: Limits = .init()) throws(URLEncodingError) -> [(name: String, value: String)] {
        try decode(query.utf8, limits: limits)
    }

    /// Encodes pairs for a query string or form body, the inverse of `decode`.
    public static func encode(_ pairs: [(name: String, value: String)]) -> String {
        var bytes: [UInt8] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { bytes.append(ASCII.ampersand) }
            appendEncoded(pair.name, to: &bytes)
            bytes.append(ASCII.equals)
            appendEncoded(pair.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendEncoded(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if byte == ASCII.space {
                bytes.append(ASCII.plus)
            } else {
                PercentEncoding.appendEncoded(byte, allowed: .formValue, to: &bytes)
            }
        }
    }
}
