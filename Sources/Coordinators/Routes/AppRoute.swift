import Models

/// Every screen of Waypoint, one case per URL of the contract in DESIGN.md.
///
/// `parse(path:query:)` and `print()` / `print(into:)` sit side by side (AppRoute+Parse, AppRoute+Print)
/// and are each other's inverse: every href the app emits is a route, printed at the edge.
public enum AppRoute: Hashable, Sendable, Codable {
    /// `/`: answered with a redirect to the session's last location.
    case root
    case library(LibraryRoute)
    case flow(FlowRoute)
    case screen(SheetTabRoute)
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
}
