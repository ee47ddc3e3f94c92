/// Decoded form fields with look-up by name (exact, case-sensitive), keeping order and repeats.
public struct FormData: Sendable {
    public var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Decodes an application/x-www-form-urlencoded body.
    public init(decoding body: some Collection<UInt8>) throws(URLEncodingError) {
        self.init(try URLEncodedForm.decode(body))
    }

    /// Decodes a raw query string.
    public init(query: String) throws(URLEncodingError) {
        self.init(try URLEncodedForm.decode(query: query))
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
