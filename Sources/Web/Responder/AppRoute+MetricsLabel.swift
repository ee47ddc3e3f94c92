import Coordinators

extension AppRoute {
    /// The route's pattern (`/library/{category}/items/{id}/{tab}`): a bounded set of labels for
    /// metrics and logs, whatever ids the path held.
    var metricsLabel: String {
        switch self {
        case .root: "/"
        case .inspector: "/_navigation"
        case .library(let route):
            switch route {
            case .home: "/library"
            case .category: "/library/{category}"
            case .item(_, _, nil): "/library/{category}/items/{id}"
            case .item: "/library/{category}/items/{id}/{tab}"
            case .newItem: "/library/{category}/items/new"
            case .addItem: "/library/{category}/items/new/{step}"
            case .deleteItem: "/library/{category}/items/{id}/delete"
            case .settings: "/library/settings"
            }
        case .flow(let route):
            switch route {
            case .primary: "/flow"
            case .secondary1: "/flow/secondary1"
            case .secondary2: "/flow/secondary2"
            case .tertiary: "/flow/secondary1/tertiary"
            }
        case .screen(let route):
            switch route {
            case .primary: "/screen"
            case .detail: "/screen/detail"
            case .sheet: "/screen/sheet"
            }
        case .account(let route):
            switch route {
            case .login: "/login"
            case .register: "/register"
            case .forgotPassword: "/forgot-password"
            case .resetLinkSent: "/forgot-password/sent"
            case .resetPassword: "/reset-password/{token}"
            case .logout: "/logout"
            }
        }
    }

    /// Whether the path holds a secret the access log must not show.
    var hidesPath: Bool {
        if case .account(.resetPassword) = self { return true }
        return false
    }
}
