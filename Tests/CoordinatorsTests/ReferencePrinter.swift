import Foundation
import Coordinators
import Models

/// The URL contract spelled out the plain way, string by string, so the byte printer has something
/// independent to be checked against.
enum ReferencePrinter {
    static func print(_ route: AppRoute) -> String {
        switch route {
        case .root: "/"
        case .inspector: "/_navigation"
        case .library(let route): print(route)
        case .flow(let route): "/flow" + route.stackPages.dropFirst().map { "/" + $0.rawValue }.joined()
        case .screen(let route): route == .primary ? "/screen" : "/screen/" + route.rawValue
        case .account(let route): print(route)
        }
    }

    static func print(_ route: LibraryRoute) -> String {
        switch route {
        case .home: "/library"
        case .pane(.settings): "/library/settings"
        case .category(let category, let page): path(category) + (page == 1 ? "" : "?page=\(page)")
        case .item(let category, let item, let tab): path(category) + "/items/\(item.rawValue)" + (tab.map { "/" + $0.rawValue } ?? "")
        case .newItem(let category): path(category) + "/items/new"
        case .addItem(let category, let step): path(category) + "/items/new/" + step.rawValue
        case .deleteItem(let category, let item): path(category) + "/items/\(item.rawValue)/delete"
        }
    }

    static func print(_ route: AccountRoute) -> String {
        switch route {
        case .login(let next): "/login" + query(next)
        case .register(let next): "/register" + query(next)
        case .forgotPassword(let next): "/forgot-password" + query(next)
        case .resetLinkSent: "/forgot-password/sent"
        case .resetPassword(let token): "/reset-password/" + encode(token)
        case .logout: "/logout"
        }
    }

    /// What `canonicalLocation` answered before it compared bytes as it printed.
    static func canonicalLocation(of route: AppRoute, path: String, query: String?) -> String? {
        if case .library(.category(_, let page)) = route { return listLocation(of: route, page: page, path: path, query: query) }
        let printed = print(route)
        let printedPath = printed.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard path != printedPath, printed.hasPrefix("/"), !printed.hasPrefix("//"), !printed.hasPrefix("/\\") else {
            return nil
        }
        if printed.contains("?") { return printed }
        guard let query, !query.isEmpty else { return printed }
        return printed + "?" + query
    }

    /// A category's list owns its `page` parameter (in any percent-spelling of its name): the
    /// printed one, or none on the first page; every other parameter is kept after it.
    private static func listLocation(of route: AppRoute, page: Int, path: String, query: String?) -> String? {
        let printed = print(route)
        let printedPath = String(printed.prefix { $0 != "?" })
        let pairs = (query ?? "").split(separator: "&").map(String.init)
        let isPage = { (pair: String) -> Bool in
            let key = String(pair.prefix { $0 != "=" }).replacingOccurrences(of: "+", with: " ")
            return key.removingPercentEncoding == "page"
        }
        let pagePairs = pairs.filter(isPage)
        let spelled = page == 1 ? pagePairs.isEmpty : pagePairs == ["page=\(page)"]
        guard path != printedPath || !spelled, !printed.hasPrefix("//"), !printed.hasPrefix("/\\") else { return nil }
        let others = pairs.filter { !isPage($0) }
        return others.isEmpty ? printed : printed + (page == 1 ? "?" : "&") + others.joined(separator: "&")
    }

    private static func path(_ category: CategoryID) -> String {
        let slug = category.rawValue
        return "/library/" + (slug == "settings" ? slug.utf8.map(escape).joined() : encode(slug))
    }

    private static func query(_ next: AppRoute?) -> String {
        next.map { "?next=" + encode(print($0)) } ?? ""
    }

    private static func encode(_ value: String) -> String {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        let onlyDots = !value.isEmpty && value.allSatisfy { $0 == "." }
        return value.utf8.map { byte in
            unreserved.contains(byte) && !onlyDots ? String(UnicodeScalar(byte)) : escape(byte)
        }.joined()
    }

    private static func escape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "%" + (hex.count == 1 ? "0" + hex : hex)
    }
}
