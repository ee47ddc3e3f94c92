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
    enum URLs {
        enum Primary: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/flow") { _ in .flow(.primary) }
            }
        }
        enum Secondary1: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/flow/secondary1") { _ in .flow(.secondary1) }
            }
        }
        enum Secondary2: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/flow/secondary2") { _ in .flow(.secondary2) }
            }
        }
        enum Tertiary: RouteURL {
            static var pattern: RoutePattern {
                RoutePattern("/flow/secondary1/tertiary") { _ in .flow(.tertiary) }
            }
        }

        static var all: [RoutePattern] { [Primary.pattern, Secondary1.pattern, Secondary2.pattern, Tertiary.pattern] }
    }

    /// The one switch from a case to its declaration, with the values its URL holds.
    func declare<Visitor: RouteVisitor & ~Copyable>(to visitor: inout Visitor) {
        switch self {
        case .primary: visitor.visit(URLs.Primary.self, RouteValues())
        case .secondary1: visitor.visit(URLs.Secondary1.self, RouteValues())
        case .secondary2: visitor.visit(URLs.Secondary2.self, RouteValues())
        case .tertiary: visitor.visit(URLs.Tertiary.self, RouteValues())
        }
    }

    // The printer: hand-written for speed (a page prints dozens of links, and a printer walking
    // the declaration cost 8 % more instructions per page), and held to the declaration above by
    // `RoutePrintingTests.everyRoutePrintsAsItsDeclarationSpellsIt`.
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
