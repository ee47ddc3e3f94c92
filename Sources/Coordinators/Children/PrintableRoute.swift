/// A tab's page that is also a route: stacks turn straight into links and print into the inspector.
public protocol PrintableRoute: Hashable, Sendable {
    /// The page as an app route, for a `Link` printed at the edge.
    var appRoute: AppRoute { get }
    func print() -> String
    func print(into bytes: inout [UInt8])
}

extension LibraryRoute: PrintableRoute {
    public var appRoute: AppRoute { .library(self) }
}

extension FlowRoute: PrintableRoute {
    public var appRoute: AppRoute { .flow(self) }
}

extension ScreenTabRoute: PrintableRoute {
    public var appRoute: AppRoute { .screen(self) }
}

extension AppRoute: PrintableRoute {
    public var appRoute: AppRoute { self }
}
