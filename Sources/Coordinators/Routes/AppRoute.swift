import Models

/// Every screen of Waypoint, one case per URL of the contract in DESIGN.md.
///
/// Each URL is declared once, beside its case (`URLs`, and `declared` for the case's declaration):
/// parsing (AppRoute+Parse), printing (AppRoute+Print), the form saved in sessions (AppRoute+Coding),
/// whether it takes a form and its metrics label all come from that declaration. Every href the
/// app emits is a route, printed at the edge.
public enum AppRoute: Hashable, Sendable {
    /// `/`: answered with a redirect to the session's last location.
    case root
    case library(LibraryRoute)
    case flow(FlowRoute)
    case screen(ScreenTabRoute)
    case account(AccountRoute)
    /// `/_navigation`
    case inspector

    /// The tab this route lives in; account pages and the inspector belong to none.
    public var tab: AppTab? {
        switch self {
        case .library: .library
        case .flow: .flow
        case .screen: .screen
        case .root, .account, .inspector: nil
        }
    }

    /// The URLs that belong to no tab.
    @usableFromInline enum URLs {
        @usableFromInline static let root = RouteDeclaration("/", title: "Home") { _ in .root }
        @usableFromInline static let inspector = RouteDeclaration("/_navigation", title: "Navigation inspector") { _ in .inspector }
    }

    /// Every URL of the contract, in the order the parser tries them.
    static let declarations: [RouteDeclaration] =
        [URLs.root, URLs.inspector] + LibraryRoute.URLs.all + FlowRoute.URLs.all + ScreenTabRoute.URLs.all + AccountRoute.URLs.all

    /// This route's declaration and the values its URL holds.
    @inlinable
    public var declared: DeclaredRoute {
        switch self {
        case .root: DeclaredRoute(URLs.root)
        case .library(let route): route.declared
        case .flow(let route): route.declared
        case .screen(let route): route.declared
        case .account(let route): route.declared
        case .inspector: DeclaredRoute(URLs.inspector)
        }
    }

    /// Whether the screen takes a form (POST to its own URL).
    public var acceptsForms: Bool { declared.declaration.acceptsForms }
}
