import Models

/// Every screen of Waypoint, one case per URL of the contract in DESIGN.md.
///
/// Each URL is declared once, beside its case (`URLs`, and `declare(to:)` for the case's declaration):
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
    enum URLs {
        enum Root: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/", title: "Home") { _ in .root }
            }
        }
        enum Inspector: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/_navigation", title: "Navigation inspector") { _ in .inspector }
            }
        }
    }

    /// Every URL of the contract, in the order the parser tries them.
    static let declarations: [RouteDeclaration] =
        ([URLs.Root.pattern, URLs.Inspector.pattern] + LibraryRoute.URLs.all + FlowRoute.URLs.all + ScreenTabRoute.URLs.all + AccountRoute.URLs.all)
        .map(RouteDeclaration.init)

    /// `declarations` grouped by how many path segments they have, in the same order: a path is
    /// tried only against those of its own length.
    static let declarationsBySegmentCount: [[RouteDeclaration]] = {
        let longest = declarations.map(\.segments.count).max() ?? 0
        return (0...longest).map { count in declarations.filter { $0.segments.count == count } }
    }()

    /// This route's declaration and the values its URL holds.
    public var declared: DeclaredRoute {
        var capture = DeclarationCapture()
        declare(to: &capture)
        // Every case declares itself, so the capture always holds one.
        guard let declared = capture.declared else { preconditionFailure("\(self) declares no URL") }
        return declared
    }

    /// The title this route's declaration gives its screen, if the data does not decide it.
    var declaredTitle: String? {
        var capture = DeclaredTitleCapture()
        declare(to: &capture)
        return capture.title
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .root: visitor.visit(URLs.Root.self, RouteValues())
        case .library(let route): route.declare(to: &visitor)
        case .flow(let route): route.declare(to: &visitor)
        case .screen(let route): route.declare(to: &visitor)
        case .account(let route): route.declare(to: &visitor)
        case .inspector: visitor.visit(URLs.Inspector.self, RouteValues())
        }
    }

    /// Whether the screen takes a form (POST to its own URL).
    public var acceptsForms: Bool { declared.pattern.acceptsForms }

    /// Whether a visitor without a server session may send the screen's form (the account forms).
    public var acceptsVisitorForms: Bool { declared.pattern.acceptsVisitorForms }

    /// Whether the screen's form may hash a password (`RoutePattern.hashesPasswords`).
    public var hashesPasswords: Bool { declared.pattern.hashesPasswords }

    /// Whether showing the screen reads the store itself (`RoutePattern.readsStoreWhenShown`).
    public var readsStoreWhenShown: Bool { declared.pattern.readsStoreWhenShown }

    // The printer: hand-written for speed (a page prints dozens of links, and a printer walking
    // the declaration cost 8 % more instructions per page), and held to the declaration above by
    // `RoutePrintingTests.everyRoutePrintsAsItsDeclarationSpellsIt`.
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
