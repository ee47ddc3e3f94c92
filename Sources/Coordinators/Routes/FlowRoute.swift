/// The Flow tab: primary → secondary1 → tertiary, and primary → secondary2.
/// Each case is both a URL and a page of the flow's stack.
public enum FlowRoute: String, Hashable, Sendable, CaseIterable {
    case primary
    case secondary1
    case secondary2
    case tertiary

    /// The pages a deep link to this screen implies, root first.
    public var stackPages: [FlowRoute] {
        switch self {
        case .primary: [.primary]
        case .secondary1: [.primary, .secondary1]
        case .secondary2: [.primary, .secondary2]
        case .tertiary: [.primary, .secondary1, .tertiary]
        }
    }

    /// One segment per page of `stackPages` after the first.
    @usableFromInline enum URLs {
        @usableFromInline static let primary = RouteDeclaration("/flow") { _ in .flow(.primary) }
        @usableFromInline static let secondary1 = RouteDeclaration("/flow/secondary1") { _ in .flow(.secondary1) }
        @usableFromInline static let secondary2 = RouteDeclaration("/flow/secondary2") { _ in .flow(.secondary2) }
        @usableFromInline static let tertiary = RouteDeclaration("/flow/secondary1/tertiary") { _ in .flow(.tertiary) }

        static let all = [primary, secondary1, secondary2, tertiary]
    }

    @inlinable
    public var declared: DeclaredRoute {
        switch self {
        case .primary: DeclaredRoute(URLs.primary)
        case .secondary1: DeclaredRoute(URLs.secondary1)
        case .secondary2: DeclaredRoute(URLs.secondary2)
        case .tertiary: DeclaredRoute(URLs.tertiary)
        }
    }
}
