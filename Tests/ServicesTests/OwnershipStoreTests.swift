import DemoData
import Foundation
import Models
import Testing
@testable import Services

/// Creators and administrators in the store: recorded, kept across restarts, and absent from the
/// records of data folders made before they existed, which still load.
@Suite struct OwnershipStoreTests {
    @Test func anAddedItemKeepsItsCreatorAcrossARestart() throws {
        let fixture = try Fixture(seed: true)
        let ada = UserID("ada-id")
        let added = try fixture.catalog.addItem(
            ItemDraft(title: "Mine", subtitle: ""), to: CategoryID("category-1"), creator: ada)
        #expect(added.creator == ada)
        try fixture.reopen()
        #expect(fixture.catalog.item(added.id)?.creator == ada)
    }

    @Test func editsKeepTheCreator() throws {
        let fixture = try Fixture(seed: true)
        let added = try fixture.catalog.addItem(
            ItemDraft(title: "Mine", subtitle: ""), to: CategoryID("category-1"), creator: UserID("ada-id"))
        _ = try fixture.catalog.updateItem(added.id, with: ItemDraft(title: "Renamed", subtitle: ""))
        _ = try fixture.catalog.setFavourite(added.id, true)
        #expect(fixture.catalog.item(added.id)?.creator == UserID("ada-id"))
    }

    @Test func anItemRecordFromBeforeCreatorsLoadsWithNone() throws {
        let old = #"{"category":"books","createdAt":{"day":8,"month":1,"year":2026},"details":[],"id":7,"isFavourite":true,"subtitle":"Herbert","title":"Dune"}"#
        let item = try StoreCoding.decode(Item.self, from: Array(old.utf8))
        #expect(item.title == "Dune")
        #expect(item.isFavourite)
        #expect(item.creator == nil)
    }

    @Test func itemsWithoutACreatorAreStoredExactlyAsBefore() throws {
        let fixture = try Fixture(seed: true)
        let stored = try #require(fixture.store.get(CatalogService.itemsCollection, key: "1"))
        #expect(!String(decoding: stored, as: UTF8.self).contains("creator"))
        #expect(try StoreCoding.decode(Item.self, from: stored) == fixture.catalog.item(ItemID(1)))
    }

    @Test func anAccountRecordFromBeforeRolesLoadsAsAnOrdinaryUser() throws {
        let old = #"{"email":"ada@example.com","id":"0a1b","settings":{"displayName":"Ada","showSubtitles":true,"theme":"dark"},"username":"ada"}"#
        let user = try StoreCoding.decode(User.self, from: Array(old.utf8))
        #expect(user.username == "ada")
        #expect(user.settings.theme == .dark)
        #expect(!user.isAdministrator)
    }

    @Test func theSeededDemoAccountIsAnAdministratorAndRegistrationsAreNot() throws {
        let fixture = try Fixture(seed: true)
        let demo = try fixture.accounts.authenticate(username: DemoData.username, password: DemoData.password)
        #expect(demo.isAdministrator)
        let grace = try fixture.accounts.register(username: "grace", email: "grace@example.com", password: "long-enough-password")
        #expect(!grace.isAdministrator)
        try fixture.reopen()
        #expect(fixture.accounts.user(demo.id)?.isAdministrator == true)
        #expect(fixture.accounts.user(grace.id)?.isAdministrator == false)
    }

    @Test func theSeededItemsHaveNoCreator() throws {
        let fixture = try Fixture(seed: true)
        #expect(fixture.catalog.categories().allSatisfy { fixture.catalog.items(in: $0.id).allSatisfy { $0.creator == nil } })
    }

    /// A `demo` account stored before roles existed is left as stored: nothing proves it was seeded.
    @Test func aDemoAccountFromBeforeRolesStaysAnOrdinaryUser() throws {
        let fixture = try Fixture(seed: true)
        let demo = try fixture.accounts.authenticate(username: DemoData.username, password: DemoData.password)
        let key = demo.id.rawValue
        let stored = try #require(fixture.store.get(AccountService.accountsCollection, key: key))
        var record = try #require(try JSONSerialization.jsonObject(with: Data(stored)) as? [String: Any])
        var user = try #require(record["user"] as? [String: Any])
        user.removeValue(forKey: "isAdministrator")
        record["user"] = user
        try fixture.store.put(
            AccountService.accountsCollection, key: key, value: Array(try JSONSerialization.data(withJSONObject: record)))
        try fixture.reopen()
        let reloaded = try fixture.accounts.authenticate(username: DemoData.username, password: DemoData.password)
        #expect(reloaded.id == demo.id)
        #expect(!reloaded.isAdministrator)
    }
}
