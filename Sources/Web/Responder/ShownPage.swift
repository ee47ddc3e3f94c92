import Coordinators
import HTTPCore

/// The page a request was sent from, when the browser names it: the `Referer` of a link followed
/// or a form sent on one of this site's pages (`Referrer-Policy: same-origin` keeps it on our own
/// requests and off everyone else's). The coordinator adopts it before the request (see
/// `AppCoordinator.adoptShown`), since the browser may have brought that page back from its
/// back/forward cache without telling the server.
enum ShownPage {
    static func route(of request: HTTPRequest) -> AppRoute? {
        guard let referer = request.headers["Referer"], let host = request.headers["Host"], !host.isEmpty else { return nil }
        var rest = Substring(referer)
        if rest.hasPrefix("https://") {
            rest = rest.dropFirst(8)
        } else if rest.hasPrefix("http://") {
            rest = rest.dropFirst(7)
        } else {
            return nil
        }
        guard rest.count > host.count, rest.prefix(host.count).lowercased() == host.lowercased() else { return nil }
        rest = rest.dropFirst(host.count)
        guard rest.first == "/" else { return nil }
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let query = parts.count > 1 ? String(parts[1]) : nil
        guard let route = AppRoute.parse(path: path, query: query),
            route.canonicalLocation(path: path, query: query) == nil
        else { return nil }
        return route
    }
}
