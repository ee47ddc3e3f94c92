import Models
import ViewModels

extension ScreenBuilder {
    /// What links, breadcrumbs and the document title call each screen: the title its route
    /// declares, else one made from the data (a category's name, an item's title, a flow step).
    func title(of route: AppRoute) -> String {
        // The Library's own titles ask its declaration first: asked once, not here and there again.
        if case .library(let libraryRoute) = route { return title(of: libraryRoute) }
        if let title = route.declaredTitle { return title }
        switch route {
        case .library(let libraryRoute): return title(of: libraryRoute)
        case .flow(let flowRoute): return Self.title(of: flowRoute)
        case .screen(let screenRoute): return title(of: screenRoute)
        case .root, .account, .inspector: return route.print()
        }
    }

    func title(of route: LibraryRoute) -> String {
        let catalog = dependencies.catalog
        if let title = AppRoute.library(route).declaredTitle { return title }
        switch route {
        case .category(let category, let page):
            let name = catalog.category(category)?.name ?? category.rawValue
            return page == 1 ? name : "\(name), page \(page)"
        case .item(_, let item, _): return catalog.item(item)?.title ?? "Item \(item)"
        case .addItem(_, let step): return "Add an item, step \(step.number) of 3: \(step.heading)"
        case .home, .pane, .newItem, .deleteItem: return route.print()
        }
    }

    static func title(of route: FlowRoute) -> String {
        FlowStep(rawValue: route.rawValue)?.title ?? route.rawValue
    }

    func title(of route: ScreenTabRoute) -> String {
        let model = ScreenTabViewModel(today: dependencies.today())
        switch route {
        case .primary: return model.title
        case .detail: return model.detailTitle
        case .sheet: return model.sheetTitle
        }
    }
}
