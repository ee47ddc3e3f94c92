/// The Screen tab (named `ScreenTab…` apart from the `Screen` every page is): a primary page, a
/// pushed detail and a sheet, presented through the same call.
public enum ScreenTabRoute: String, Hashable, Sendable, CaseIterable {
    case primary
    case detail
    case sheet

    @usableFromInline enum URLs {
        @usableFromInline static let primary = RouteDeclaration("/screen") { _ in .screen(.primary) }
        @usableFromInline static let detail = RouteDeclaration("/screen/detail") { _ in .screen(.detail) }
        @usableFromInline static let sheet = RouteDeclaration("/screen/sheet") { _ in .screen(.sheet) }

        static let all = [primary, detail, sheet]
    }

    @inlinable
    public var declared: DeclaredRoute {
        switch self {
        case .primary: DeclaredRoute(URLs.primary)
        case .detail: DeclaredRoute(URLs.detail)
        case .sheet: DeclaredRoute(URLs.sheet)
        }
    }
}
