import Models

extension AppRoute {
    /// The route's one canonical URL (path and, for account pages, `?next=`). Every href and form
    /// action in a `Screen` comes from here.
    public func print() -> String {
        switch self {
        case .root: "/"
        case .library(let route): route.print()
        case .flow(let route): route.print()
        case .screen(let route): route.print()
        case .account(let route): route.print()
        case .inspector: "/_navigation"
        }
    }
}

extension LibraryRoute {
    public func print() -> String {
        switch self {
        case .home:
            "/library"
        case .settings:
            "/library/settings"
        case .category(let category):
            Self.path(category)
        case .item(let category, let item, let tab):
            Self.path(category, item: item, tail: tab.map { "/" + $0.rawValue } ?? "")
        case .newItem(let category):
            Self.path(category, tail: "/items/new")
        case .deleteItem(let category, let item):
            Self.path(category, item: item, tail: "/delete")
        }
    }

    /// `/library/{category}[/items/{item}]{tail}`, its bytes written straight into the string's
    /// storage: a page prints dozens, and appending piece by piece costs more than the page's HTML.
    private static func path(_ category: CategoryID, item: ItemID? = nil, tail: String = "") -> String {
        var slug = segment(category)
        var tail = tail
        let digits = item.map { ASCIIDigits($0.rawValue) }
        let count = 9 + slug.utf8.count + (digits.map { 7 + $0.count } ?? 0) + tail.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            var end = copy("/library/", to: start)
            end = slug.withUTF8 { copy($0, to: end) }
            if let digits {
                end = copy("/items/", to: end)
                end = digits.write { copy($0, to: end) }
            }
            end = tail.withUTF8 { copy($0, to: end) }
            return end - start
        }
    }

    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        guard let source = bytes.baseAddress else { return target }
        target.update(from: source, count: bytes.count)
        return target + bytes.count
    }

    private static func copy(_ text: StaticString, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: target)
    }

    /// A slug spelled like a fixed segment (`settings`) is fully escaped: the parser matches fixed
    /// segments before decoding, so the category stays reachable and the round trip stays exact.
    static func segment(_ category: CategoryID) -> String {
        category.rawValue == "settings"
            ? URLComponentCoding.encodeAll(category.rawValue)
            : URLComponentCoding.encode(category.rawValue)
    }
}

extension FlowRoute {
    public func print() -> String {
        "/flow" + stackPages.dropFirst().map { "/\($0.rawValue)" }.joined()
    }
}

extension ScreenRoute {
    public func print() -> String {
        self == .primary ? "/screen" : "/screen/\(rawValue)"
    }
}

extension AccountRoute {
    public func print() -> String {
        switch self {
        case .login(let next): "/login" + Self.query(next)
        case .register(let next): "/register" + Self.query(next)
        case .forgotPassword(let next): "/forgot-password" + Self.query(next)
        case .resetPassword(let token): "/reset-password/\(URLComponentCoding.encode(token))"
        case .logout: "/logout"
        }
    }

    static func query(_ next: AppRoute?) -> String {
        next.map { "?next=" + URLComponentCoding.encode($0.print()) } ?? ""
    }

    /// The sign-in and register links back to `next`, printing and encoding it once for both.
    static func signInLinks(next: AppRoute?) -> (login: String, register: String) {
        let query = query(next)
        return ("/login" + query, "/register" + query)
    }
}
