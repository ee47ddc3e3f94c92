import Models
import TestSupport
import Testing
import ViewModels

/// Only an item's creator or an administrator may change it; the view models refuse everyone else
/// before anything reaches the catalog.
@Suite struct ItemPermissionsTests {
    static let ada = User(id: UserID("ada"), username: "ada", email: "ada@example.com", settings: Settings(displayName: "Ada Lovelace"))
    static let bob = User(id: UserID("bob"), username: "bob", email: "bob@example.com")
    static let root = User(id: UserID("root"), username: "root", email: "root@example.com", isAdministrator: true)
    static let day = CalendarDate(year: 2026, month: 1, day: 8)
    static let adas = Item(id: ItemID(1), category: CategoryID("books"), title: "Dune", subtitle: "", createdAt: day, creator: ada.id)
    static let nobodys = Item(id: ItemID(2), category: CategoryID("books"), title: "Emma", subtitle: "", createdAt: day)

    @Test(arguments: [
        (adas, ada, true), (adas, bob, false), (adas, root, true),
        (nobodys, ada, false), (nobodys, bob, false), (nobodys, root, true),
    ] as [(Item, User, Bool)])
    func onlyTheCreatorOrAnAdministratorMayEdit(_ item: Item, _ user: User, _ allowed: Bool) {
        #expect(ItemPermissions.canEdit(item, by: user) == allowed)
    }

    @Test(arguments: [adas, nobodys])
    func visitorsMayEditNothing(_ item: Item) {
        #expect(!ItemPermissions.canEdit(item, by: nil))
        #expect(throws: ItemPermissions.Denied(item: item.id)) { try ItemPermissions.ensureCanEdit(item, by: nil) }
    }

    /// The rule compares account ids, never usernames.
    @Test func anAccountNamedLikeTheCreatorButWithAnotherIdMayNotEdit() {
        let impostor = User(id: UserID("ada-2"), username: "ada", email: "other@example.com")
        #expect(!ItemPermissions.canEdit(Self.adas, by: impostor))
    }

    func catalog() -> InMemoryCatalog {
        InMemoryCatalog(categories: [Category(id: CategoryID("books"), name: "Books")], items: [Self.adas, Self.nobodys])
    }

    @Test(arguments: [
        ["intent": "edit", "title": "Forged", "subtitle": ""], ["intent": "favourite"], ["intent": "unfavourite"],
        ["intent": "edit", "title": ""],
    ] as [FormInput])
    func aNonOwnersOptionsSubmissionIsRefusedBeforeTheFormIsRead(_ input: FormInput) throws {
        let catalog = catalog()
        let detail = try #require(ItemDetailViewModel(item: ItemID(1), tab: .options, viewer: Self.bob, catalog: catalog))
        #expect(!detail.canEdit)
        #expect(throws: ItemPermissions.Denied(item: ItemID(1))) { try detail.submitOptions(input) }
        #expect(catalog.writes.isEmpty)
        #expect(catalog.item(ItemID(1)) == Self.adas)
    }

    @Test func aNonOwnerCannotFavouriteEditOrDelete() throws {
        let catalog = catalog()
        let detail = try #require(ItemDetailViewModel(item: ItemID(1), viewer: Self.bob, catalog: catalog))
        #expect(throws: ItemPermissions.Denied.self) { try detail.setFavourite(true) }
        #expect(throws: ItemPermissions.Denied.self) { try detail.edit(["title": "Forged"]) }
        #expect(throws: ItemPermissions.Denied.self) { try detail.delete() }
        let visitor = try #require(ItemDetailViewModel(item: ItemID(1), catalog: catalog))
        #expect(throws: ItemPermissions.Denied.self) { try visitor.delete() }
        #expect(catalog.writes.isEmpty)
    }

    @Test func theCreatorAndAnAdministratorMayChangeIt() throws {
        let catalog = catalog()
        let mine = try #require(ItemDetailViewModel(item: ItemID(1), tab: .options, viewer: Self.ada, catalog: catalog))
        #expect(mine.canEdit)
        #expect(try mine.submitOptions(["intent": "edit", "title": "Dune Messiah", "subtitle": ""]).value?.title == "Dune Messiah")
        let admin = try #require(ItemDetailViewModel(item: ItemID(2), viewer: Self.root, catalog: catalog))
        #expect(admin.canEdit)
        try admin.delete()
        #expect(catalog.writes == ["update 1", "delete 2"])
    }

    @Test func theListsWritesFollowTheSameRule() throws {
        let catalog = catalog()
        let list = try #require(ItemListViewModel(category: CategoryID("books"), catalog: catalog))
        #expect(throws: ItemPermissions.Denied(item: ItemID(1))) { try list.updateItem(ItemID(1), ["title": "Forged"], by: Self.bob) }
        #expect(throws: ItemPermissions.Denied(item: ItemID(1))) { try list.setFavourite(ItemID(1), true, by: Self.bob) }
        #expect(throws: ItemPermissions.Denied(item: ItemID(2))) { try list.deleteItem(ItemID(2), by: Self.ada) }
        #expect(catalog.writes.isEmpty)
        _ = try list.setFavourite(ItemID(1), true, by: Self.ada)
        try list.deleteItem(ItemID(2), by: Self.root)
        #expect(catalog.writes == ["favourite 1 true", "delete 2"])
    }

    @Test func addingRecordsTheCreator() throws {
        let catalog = catalog()
        let list = try #require(ItemListViewModel(category: CategoryID("books"), catalog: catalog))
        let item = try #require(try list.addItem(["title": "Persuasion", "subtitle": ""], creator: Self.bob.id).value)
        #expect(catalog.item(item.id)?.creator == Self.bob.id)
        let detail = try #require(ItemDetailViewModel(item: item.id, viewer: Self.bob, catalog: catalog))
        #expect(detail.canEdit)
    }

    @Test func theOverviewNamesTheCreatorWhenKnown() throws {
        let accounts = InMemoryAccounts()
        let ada = accounts.add(username: "ada", email: "ada@example.com", password: "x")
        _ = try accounts.saveSettings(Settings(displayName: "Ada Lovelace"), for: ada.id)
        let bob = accounts.add(username: "bob", email: "bob@example.com", password: "x")
        let day = Self.day
        let catalog = InMemoryCatalog(categories: [Category(id: CategoryID("books"), name: "Books")], items: [
            Item(id: ItemID(1), category: CategoryID("books"), title: "Dune", subtitle: "", createdAt: day, creator: ada.id),
            Item(id: ItemID(2), category: CategoryID("books"), title: "Emma", subtitle: "", createdAt: day, creator: bob.id),
            Item(id: ItemID(3), category: CategoryID("books"), title: "Gone", subtitle: "", createdAt: day, creator: UserID("gone")),
            Item(id: ItemID(4), category: CategoryID("books"), title: "Old", subtitle: "", createdAt: day),
        ])
        func creator(_ id: Int) -> String? {
            ItemDetailViewModel(item: ItemID(id), catalog: catalog, accounts: accounts)?.overview.createdBy
        }
        #expect(creator(1) == "Ada Lovelace (ada)")
        #expect(creator(2) == "bob")
        #expect(creator(3) == nil)
        #expect(creator(4) == nil)
    }
}
