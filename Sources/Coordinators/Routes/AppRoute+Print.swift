import Models

extension AppRoute {
    /// The route's one canonical URL (path and, for account pages, `?next=`; for a list's later
    /// pages, `?page=`). Every href and form
    /// action of a `Screen` is a route, printed at the edge with this or `print(into:)`.
    public func print() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        print(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends exactly the bytes of `print()`, with no string in between; compiled once here
    /// rather than in every caller.
    public func print(into bytes: inout [UInt8]) {
        var writer = RouteWriter(output: consume bytes)
        write(to: &writer)
        bytes = writer.finish()
    }

    /// Appends exactly the bytes of `print()` to any output: a page prints dozens of routes straight
    /// into its template data (Web's output), specialized there, since this is inlinable.
    @inlinable
    public func print<Output: RouteOutput & ~Copyable>(into output: inout Output) {
        var writer = RouteWriter(output: consume output)
        write(to: &writer)
        output = writer.finish()
    }
}

extension RouteWriter: RouteVisitor where Output: ~Copyable {
    /// Writes a declaration's pieces with the route's values: the spelling the declaration gives,
    /// against which the hand-written printer is tested.
    mutating func visit<URL: RouteURL>(_ url: URL.Type, _ values: RouteValues) {
        write(URL.pattern, values)
    }

    mutating func write(_ pattern: RoutePattern, _ values: RouteValues) {
        write(pattern.p0, values)
        if let piece = pattern.p1 { write(piece, values) }
        if let piece = pattern.p2 { write(piece, values) }
        if let piece = pattern.p3 { write(piece, values) }
        if let piece = pattern.p4 { write(piece, values) }
        if let piece = pattern.p5 { write(piece, values) }
    }

    mutating func write(_ piece: RoutePiece, _ values: RouteValues) {
        switch piece {
        case .text(let text), .reserved(let text):
            append(text)
        case .category:
            LibraryRoute.write(slug: values.slug, to: &self)
        case .item:
            append(decimal: values.number)
        case .token:
            append(component: values.token)
        case .page:
            // The first page is the category's own URL: one spelling per screen.
            if values.page != 1 {
                append("?page=")
                append(decimal: values.page)
            }
        case .next:
            if let next = values.next {
                append("?next=")
                append(queryValue: next)
            }
        }
    }
}

extension DeclaredRoute {
    /// The URL as the declaration spells it (the printer's reference in tests).
    public func printed() -> String {
        var writer = RouteWriter(output: [UInt8]())
        writer.write(pattern, values)
        return String(decoding: writer.finish(), as: UTF8.self)
    }
}

extension LibraryRoute {
    public func print() -> String { AppRoute.library(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.library(self).print(into: &bytes) }
}

extension FlowRoute {
    public func print() -> String { AppRoute.flow(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.flow(self).print(into: &bytes) }
}

extension ScreenTabRoute {
    public func print() -> String { AppRoute.screen(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.screen(self).print(into: &bytes) }
}

extension AccountRoute {
    public func print() -> String { AppRoute.account(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.account(self).print(into: &bytes) }
}
