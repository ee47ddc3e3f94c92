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
            "/library/\(Self.segment(category))"
        case .item(let category, let item, nil):
            "/library/\(Self.segment(category))/items/\(item.rawValue)"
        case .item(let category, let item, let tab?):
            "/library/\(Self.segment(category))/items/\(item.rawValue)/\(tab.rawValue)"
        case .newItem(let category):
            "/library/\(Self.segment(category))/items/new"
        case .deleteItem(let category, let item):
            "/library/\(Self.segment(category))/items/\(item.rawValue)/delete"
        }
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

    private static func query(_ next: AppRoute?) -> String {
        next.map { "?next=" + URLComponentCoding.encode($0.print()) } ?? ""
    }
}
