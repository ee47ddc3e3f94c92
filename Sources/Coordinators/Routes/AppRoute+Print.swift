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

    /// The one printer: every spelling of a route is made through here, by walking the pieces of
    /// its declaration.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        let declared = declared
        for piece in declared.declaration.pieces {
            switch piece {
            case .text(let text), .reserved(let text):
                writer.append(text)
            case .category:
                Self.write(declared.values.category, to: &writer)
            case .item:
                writer.append(decimal: declared.values.item.rawValue)
            case .token:
                writer.append(component: declared.values.token)
            case .page:
                // The first page is the category's own URL: one spelling per screen.
                let page = declared.values.page
                if page != 1 {
                    writer.append("?page=")
                    writer.append(decimal: page)
                }
            case .next:
                if let next = declared.values.next {
                    writer.append("?next=")
                    writer.append(queryValue: next)
                }
            }
        }
    }

    /// A category's slug. One spelled like a reserved word (`settings`) is fully escaped: the
    /// parser matches that word only as written, so the category stays reachable and the round
    /// trip stays exact.
    @inlinable
    static func write<Output: ~Copyable>(_ category: CategoryID, to writer: inout RouteWriter<Output>) {
        if category.rawValue.utf8.count == 8 && category.rawValue == "settings" {
            writer.append(componentEscapingAll: category.rawValue)
        } else {
            writer.append(component: category.rawValue)
        }
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
