@testable import Coordinators
import Foundation
import Models
import Navigation
import Testing

@Suite struct SnapshotTests {
    @Test func aRestoredSessionShowsTheSameScreensAndTabLinks() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        _ = app.screen(at: "/flow/secondary1/tertiary")
        _ = app.screen(at: "/screen/sheet")
        _ = app.show(.account(.login(next: .library(.newItem(books)))), viewer: visitor)
        let before = try #require(app.screen(at: "/library/books/items/2/details"))

        let data = try JSONEncoder().encode(app.snapshot())
        let restored = AppCoordinator(restoring: try JSONDecoder().decode(NavigationSnapshot.self, from: data), dependencies: fixture.dependencies)

        #expect(restored.snapshot() == app.snapshot())
        #expect(restored.show(.root, viewer: visitor) == .redirect(.library(.item(books, ItemID(2), .details))))
        let after = try #require(restored.screen(at: "/library/books/items/2/details"))
        #expect(after == before)
        for url in ["/flow/secondary1/tertiary", "/screen/sheet"] {
            #expect(restored.screen(at: url) == app.screen(at: url))
        }
        let signIn = try restored.submit(.account(.login(next: nil)), form: ["username": "ada", "password": "correct-horse"], viewer: visitor)
        #expect(signIn.location == .library(.newItem(books)))
    }

    @Test func anIdleSessionSnapshotIsEmptyAndRestoresIdle() {
        let fixture = Fixture()
        let snapshot = fixture.coordinator().snapshot()
        #expect(snapshot == NavigationSnapshot())
        #expect(AppCoordinator(restoring: snapshot, dependencies: fixture.dependencies).children.isEmpty)
    }

    @Test func restoringValidatesAgainstTheDataAndTheFlowRules() throws {
        let fixture = Fixture()
        let snapshot = NavigationSnapshot(
            activeTab: .library, lastLocation: .library(.item(books, ItemID(99), nil)),
            library: NavigationStack(root: .category(books), pushed: [.item(books, ItemID(99), nil)]),
            flow: NavigationStack(root: .primary, pushed: [.secondary2, .tertiary]))
        let restored = AppCoordinator(restoring: snapshot, dependencies: fixture.dependencies)
        #expect(restored.library.stack.pages == [.category(books)])
        #expect(restored.lastLocation == .library(.category(books)))
        #expect(restored.flow.stack.pages == [.primary, .secondary1, .tertiary])
    }

    @Test func aSnapshotOfAnUnknownVersionRestoresAFreshSession() {
        let fixture = Fixture()
        let restored = AppCoordinator(
            restoring: NavigationSnapshot(version: 99, lastLocation: .flow(.tertiary)), dependencies: fixture.dependencies)
        #expect(restored.lastLocation == nil)
    }
}

@Suite struct ChangeCountTests {
    @Test func theChangeCountMovesOnlyWhenTheStateDoes() {
        let app = Fixture().coordinator()
        #expect(app.changeCount == 0)
        _ = app.screen(at: "/flow/secondary1")
        let afterVisit = app.changeCount
        #expect(afterVisit > 0)
        _ = app.screen(at: "/flow/secondary1")
        _ = app.screen(at: "/_navigation")
        #expect(app.changeCount == afterVisit)
        _ = app.show(.library(.newItem(books)), viewer: visitor)
        #expect(app.changeCount > afterVisit)
    }
}
