import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct SidebarViewModelTests {
    @Test func listsEveryCategoryWithItsCount() throws {
        let catalog = InMemoryCatalog.demo(categories: 3, perCategory: 4)
        try catalog.deleteItem(ItemID(1))
        let sidebar = SidebarViewModel(selected: nil, catalog: catalog)
        #expect(sidebar.rows.map(\.name) == ["Category 1", "Category 2", "Category 3"])
        #expect(sidebar.rows.map(\.itemCount) == [3, 4, 4])
        #expect(sidebar.rows.map(\.itemCountText) == ["3 items", "4 items", "4 items"])
        #expect(sidebar.selectedRow == nil)
    }

    @Test func marksOnlyTheSelectedCategory() {
        let sidebar = SidebarViewModel(selected: CategoryID("category-2"), catalog: InMemoryCatalog.demo())
        #expect(sidebar.rows.map(\.isSelected) == [false, true, false])
        #expect(sidebar.selectedRow?.id == CategoryID("category-2"))
    }

    @Test func settingsTakesTheSelectionAway() {
        let sidebar = SidebarViewModel(selected: CategoryID("category-2"), isSettingsSelected: true, catalog: InMemoryCatalog.demo())
        #expect(sidebar.rows.allSatisfy { !$0.isSelected })
        #expect(sidebar.isSettingsSelected)
    }

    @Test func anUnknownSelectionSelectsNothing() {
        let sidebar = SidebarViewModel(selected: CategoryID("nope"), catalog: InMemoryCatalog.demo())
        #expect(sidebar.selectedRow == nil)
    }

    @Test func countsOneItemInTheSingular() {
        let sidebar = SidebarViewModel(selected: nil, catalog: InMemoryCatalog.demo(categories: 1, perCategory: 1))
        #expect(sidebar.rows.first?.itemCountText == "1 item")
    }
}
