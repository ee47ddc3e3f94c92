/// Decoded form fields with look-up by name (exact, case-sensitive), keeping order and repeats.
public struct FormData: Sendable {
    public var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Decodes an application/x-www-form-urlencoded body, refusing it before any decoding when it
    /// breaks `limits` (64 fields by default).
    public init(decoding body: some Collection<UInt8>, limits: URLEncodedForm.Limits = .init()) throws(URLEncodingError) {
        self.init(try URLEncodedForm.decode(body, limits: limits))
    }

    /// Decodes a raw query string, with the same limits as a body.
    public init(query: String, limits: URLEncodedForm.Limits = .init()) throws(URLEncodingError) {
        self.init(try URLEncodedForm.decode(query: query, limits: limits))
    }

    /// The first value for `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public func values(for name: String) -> [String] {
        pairs.compactMap { $0.name == name ? $0.value : nil }
    }

    public var isEmpty: Bool { pairs.isEmpty }
}
