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
    /// A component's UTF-8 as it is, when every byte passes `isKept` (the printer's rule); false,
    /// with nothing appended, otherwise. Most components (slugs, tokens) keep every byte, and an
    /// output over memory checks and copies them in one pass over the string's own storage.
    ///
    /// Handed on as the string itself, not a view of its bytes: a span of a small (inline) string
    /// did not outlive the call in optimized builds (release-mode tests printed garbage).
    mutating func append(contentsOf component: String, ifEvery isKept: (UInt8) -> Bool) -> Bool
}

extension Array: RouteOutput where Element == UInt8 {
    public mutating func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    public mutating func append(contentsOf component: String, ifEvery isKept: (UInt8) -> Bool) -> Bool {
        guard component.utf8.allSatisfy(isKept) else { return false }
        append(contentsOf: component.utf8)
        return true
    }
}
