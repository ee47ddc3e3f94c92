/// Where a printed route's bytes go. The printer (`AppRoute+Print`) is written once against this,
/// so every spelling of a route comes from one place; the speed comes from the output type, for
/// which the compiler specializes the printer: an array here, a page's template data in Web, a
/// comparison with a request's path in `canonicalLocation`.
///
/// Printed routes are ASCII: fixed text, unreserved bytes and `%XX` escapes. An output may be
/// noncopyable (a writer into memory it must not outlive).
public protocol RouteOutput: ~Copyable {
    /// One byte: a digit, or a piece of a `%XX` escape.
    mutating func append(_ byte: UInt8)
    /// Fixed text of the URL contract (`/library/`, `/items/`…).
    mutating func append(contentsOf text: StaticString)
    /// The UTF-8 of a component that needs no escaping (a slug, a token), as it is.
    mutating func append(contentsOf bytes: Span<UInt8>)
}

extension Array: RouteOutput where Element == UInt8 {
    public mutating func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    public mutating func append(contentsOf bytes: Span<UInt8>) {
        reserveCapacity(count + bytes.count)
        for index in bytes.indices { append(bytes[index]) }
    }
}
