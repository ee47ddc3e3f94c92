/// The Screen tab (named `ScreenTab…` apart from the `Screen` every page is): a primary page, a
/// pushed detail and a sheet, presented through the same call.
public enum ScreenTabRoute: String, Hashable, Sendable, CaseIterable {
    case primary
    case detail
    case sheet

    @usableFromInline enum URLs {
        @usableFromInline enum Primary: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/screen") { _ in .screen(.primary) }
            }
        }
        @usableFromInline enum Detail: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/screen/detail") { _ in .screen(.detail) }
            }
        }
        @usableFromInline enum Sheet: RouteURL {
            @inlinable static var pattern: RoutePattern {
                RoutePattern("/screen/sheet") { _ in .screen(.sheet) }
            }
        }

        static var all: [RoutePattern] { [Primary.pattern, Detail.pattern, Sheet.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    @inlinable @inline(__always)
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .primary: visitor.visit(URLs.Primary.self, RouteValues())
        case .detail: visitor.visit(URLs.Detail.self, RouteValues())
        case .sheet: visitor.visit(URLs.Sheet.self, RouteValues())
        }
    }
}
