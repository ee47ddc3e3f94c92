import Models
import ViewModels

extension ScreenBuilder {
    /// What links, breadcrumbs and the document title call each screen.
    func title(of route: AppRoute) -> String {
        switch route {
        case .root: "Home"
        case .library(let libraryRoute): title(of: libraryRoute)
        case .flow(let flowRoute): Self.title(of: flowRoute)
        case .screen(let screenRoute): title(of: screenRoute)
        case .account(.login): "Sign in"
        case .account(.register): "Create an account"
        case .account(.forgotPassword): "Forgot password"
        case .account(.resetLinkSent): "Check your inbox"
        case .account(.resetPassword): "Reset password"
        case .account(.logout): "Sign out"
        case .inspector: "Navigation inspector"
        }
    }

    func title(of route: LibraryRoute) -> String {
        let catalog = dependencies.catalog
        switch route {
        case .home: return "Library"
        case .settings: return "Settings"
        case .category(let category, let page):
            let name = catalog.category(category)?.name ?? category.rawValue
            return page == 1 ? name : "\(name), page \(page)"
        case .item(_, let item, _): return catalog.item(item)?.title ?? "Item \(item)"
        case .newItem: return "New item"
        case .addItem(_, let step): return "Add an item, step \(step.number) of 3: \(step.heading)"
        case .deleteItem: return "Delete item?"
        }
    }

    static func title(of route: FlowRoute) -> String {
        FlowStep(rawValue: route.rawValue)?.title ?? route.rawValue
    }

    func title(of route: SheetTabRoute) -> String {
        let model = ScreenTabViewModel(today: dependencies.today())
        switch route {
        case .primary: return model.title
        case .detail: return model.detailTitle
        case .sheet: return model.sheetTitle
        }
    }
}
