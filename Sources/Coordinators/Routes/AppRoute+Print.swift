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

    /// The one printer: every spelling of a route is made through here.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .root: writer.append("/")
        case .library(let route): route.write(to: &writer)
        case .flow(let route): route.write(to: &writer)
        case .screen(let route): route.write(to: &writer)
        case .account(let route): route.write(to: &writer)
        case .inspector: writer.append("/_navigation")
        }
    }
}

extension LibraryRoute {
    public func print() -> String { AppRoute.library(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.library(self).print(into: &bytes) }

    /// `/library/{category}[/items/{item}]{tail}`, and a list's page past the first as
    /// `?page={page}`. A page prints dozens of these.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .home:
            writer.append("/library")
        case .settings:
            writer.append("/library/settings")
        case .category(let category, let page):
            Self.write(category, to: &writer)
            // The first page is the category's own URL: one spelling per screen.
            if page != 1 {
                writer.append("?page=")
                writer.append(decimal: page)
            }
        case .item(let category, let item, let tab):
            Self.write(category, item: item, to: &writer)
            switch tab {
            // The Overview is the item's own URL: one spelling per screen.
            case nil, .overview: break
            // Spelled out rather than read from `rawValue`, which would make a string per link.
            // (The parser matches `DetailTab(rawValue:)`; the round-trip tests hold the two together.)
            case .details: writer.append("/details")
            case .options: writer.append("/options")
            }
        case .newItem(let category):
            Self.write(category, to: &writer)
            writer.append("/items/new")
        case .addItem(let category, let step):
            Self.write(category, to: &writer)
            writer.append("/items/new/")
            switch step {
            case .title: writer.append("title")
            case .details: writer.append("details")
            case .review: writer.append("review")
            }
        case .deleteItem(let category, let item):
            Self.write(category, item: item, to: &writer)
            writer.append("/delete")
        }
    }

    @inlinable
    static func write<Output: ~Copyable>(_ category: CategoryID, item: ItemID? = nil, to writer: inout RouteWriter<Output>) {
        writer.append("/library/")
        // A slug spelled like a fixed segment (`settings`) is fully escaped: the parser matches fixed
        // segments before decoding, so the category stays reachable and the round trip stays exact.
        if category.rawValue.utf8.count == 8 && category.rawValue == "settings" {
            writer.append(componentEscapingAll: category.rawValue)
        } else {
            writer.append(component: category.rawValue)
        }
        if let item {
            writer.append("/items/")
            writer.append(decimal: item.rawValue)
        }
    }
}

extension FlowRoute {
    public func print() -> String { AppRoute.flow(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.flow(self).print(into: &bytes) }

    /// `/flow`, then one segment per page of `stackPages` after the first.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .primary: writer.append("/flow")
        case .secondary1: writer.append("/flow/secondary1")
        case .secondary2: writer.append("/flow/secondary2")
        case .tertiary: writer.append("/flow/secondary1/tertiary")
        }
    }
}

extension SheetTabRoute {
    public func print() -> String { AppRoute.screen(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.screen(self).print(into: &bytes) }

    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .primary: writer.append("/screen")
        case .detail: writer.append("/screen/detail")
        case .sheet: writer.append("/screen/sheet")
        }
    }
}

extension AccountRoute {
    public func print() -> String { AppRoute.account(self).print() }

    public func print(into bytes: inout [UInt8]) { AppRoute.account(self).print(into: &bytes) }

    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .login(let next):
            writer.append("/login")
            Self.write(next: next, to: &writer)
        case .register(let next):
            writer.append("/register")
            Self.write(next: next, to: &writer)
        case .forgotPassword(let next):
            writer.append("/forgot-password")
            Self.write(next: next, to: &writer)
        case .resetLinkSent:
            writer.append("/forgot-password/sent")
        case .resetPassword(let token):
            writer.append("/reset-password/")
            writer.append(component: token)
        case .logout:
            writer.append("/logout")
        }
    }

    @inlinable
    static func write<Output: ~Copyable>(next: AppRoute?, to writer: inout RouteWriter<Output>) {
        guard let next else { return }
        writer.append("?next=")
        writer.append(queryValue: next)
    }
}
