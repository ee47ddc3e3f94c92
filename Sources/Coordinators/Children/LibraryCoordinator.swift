import Models
import Navigation
import ViewModels

/// The Library tab: which category, item and detail tab are selected, as a stack of library routes
/// (category → item, with the new-item and delete sheets presented over them).
public final class LibraryCoordinator: TabCoordinator {
    public var name: String { "LibraryCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    public internal(set) var stack: NavigationStack<LibraryRoute>
    /// Remembered apart from the stack so `/library` returns to it after settings.
    public internal(set) var selectedCategory: CategoryID?

    public init(stack: NavigationStack<LibraryRoute> = NavigationStack(root: .home), selectedCategory: CategoryID? = nil) {
        self.stack = stack
        self.selectedCategory = selectedCategory ?? stack.root.category
    }

    public var selectedItem: ItemID? {
        if case .item(_, let item, _) = stack.top { return item }
        return nil
    }

    public var selectedTab: DetailTab? {
        if case .item(_, _, let tab) = stack.top { return tab ?? .overview }
        return nil
    }

    public var isShowingSettings: Bool { stack.root == .settings }

    /// The stack a deep link to `route` implies (`.home` must already be resolved by the caller
    /// when a category is known). `listPage` is the page of the category's list under an item or
    /// a sheet, which the coordinator reads from the data (the page that holds the item); a
    /// category's own route names its page.
    public static func stack(for route: LibraryRoute, listPage: Int = 1) -> NavigationStack<LibraryRoute> {
        switch route {
        case .home, .pane, .category:
            return NavigationStack(root: route)
        case .item(let category, _, _):
            return NavigationStack(root: .category(category, page: listPage), pushed: [route])
        case .newItem(let category), .addItem(let category, _):
            return NavigationStack(root: .category(category, page: listPage), sheet: route)
        case .deleteItem(let category, let item):
            return NavigationStack(root: .category(category, page: listPage), pushed: [.item(category, item, nil)], sheet: route)
        }
    }

    /// Makes the tab show `route` over the list's page `listPage`, remembering its category. A
    /// sheet over the item on screen keeps the item's tab behind it (delete from Options: Options
    /// stays under the sheet).
    public func show(_ route: LibraryRoute, listPage: Int = 1) {
        if let category = route.category { selectedCategory = category }
        var target = Self.stack(for: route, listPage: listPage)
        if case .deleteItem(let category, let item) = route, case .item(category, item, let tab?) = stack.top {
            target = NavigationStack(
                root: .category(category, page: listPage), pushed: [.item(category, item, tab)], sheet: route)
        }
        reconcile(to: target)
    }

    /// The page of the list the stack stands on (1 when it shows no list).
    public var listPage: Int { stack.root.listPage ?? 1 }

    /// Selecting a category always clears the item.
    public func navigateToCategory(_ category: CategoryID) {
        show(.category(category))
    }

    public func navigateToItem(_ item: ItemID, in category: CategoryID, tab: DetailTab? = nil, listPage: Int = 1) {
        show(.item(category, item, tab), listPage: listPage)
    }

    /// Switches the selected item's detail tab, the list staying on its page; nothing happens
    /// without a selected item.
    public func selectTab(_ tab: DetailTab) {
        guard case .item(let category, let item, _) = stack.top else { return }
        show(.item(category, item, tab), listPage: listPage)
    }

    /// Back to the category's list.
    public func clearItemSelection() {
        navigate { $0.popToRoot() }
    }

    public func showSettings() {
        show(.settings)
    }

    /// Forgets every selection.
    public func resetNavigation() {
        selectedCategory = nil
        navigate { $0.replace(with: .home) }
    }

    /// What `/library` stands for: the remembered category if it still exists, else the first
    /// one; `.home` itself only when there is no category at all.
    public static func home(remembering selected: CategoryID?, in catalog: any CatalogRepository) -> LibraryRoute {
        if let selected, catalog.category(selected) != nil { return .category(selected) }
        return catalog.categories().first.map { .category($0.id) } ?? .home
    }
}
