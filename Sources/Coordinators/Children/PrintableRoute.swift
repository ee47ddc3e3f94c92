/// A route that prints its own URL: tab pages are routes, so stacks print straight into links.
public protocol PrintableRoute: Hashable, Sendable {
    func print() -> String
}

extension LibraryRoute: PrintableRoute {}
extension FlowRoute: PrintableRoute {}
extension ScreenRoute: PrintableRoute {}
extension AppRoute: PrintableRoute {}
