/// The Screen tab (named `ScreenTab…` apart from the `Screen` every page is): a primary page, a
/// pushed detail and a sheet, presented through the same call.
public enum ScreenTabRoute: String, Hashable, Sendable, CaseIterable {
    case primary
    case detail
    case sheet

    enum URLs {
        enum Primary: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/screen") { _ in .screen(.primary) }
            }
        }
        enum Detail: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/screen/detail") { _ in .screen(.detail) }
            }
        }
        enum Sheet: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/screen/sheet") { _ in .screen(.sheet) }
            }
        }

        static var all: [RoutePattern] { [Primary.pattern, Detail.pattern, Sheet.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .primary: visitor.visit(URLs.Primary.self, RouteValues())
        case .detail: visitor.visit(URLs.Detail.self, RouteValues())
        case .sheet: visitor.visit(URLs.Sheet.self, RouteValues())
        }
    }

    // The printer: hand-written for speed (a page prints dozens of links, and a printer walking
    // the declaration cost 8 % more instructions per page), and held to the declaration above by
    // `RoutePrintingTests.everyRoutePrintsAsItsDeclarationSpellsIt`.
    @inlinable
    func write<Output: ~Copyable>(to writer: inout RouteWriter<Output>) {
        switch self {
        case .primary: writer.append("/screen")
        case .detail: writer.append("/screen/detail")
        case .sheet: writer.append("/screen/sheet")
        }
    }
}
