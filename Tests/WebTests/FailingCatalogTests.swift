import Coordinators
import Foundation
import HTTPServer
import Models
import Services
import Testing
@testable import Web

/// The demo catalog for reading, with every write failing as a full disk would.
struct FailingWritesCatalog: CatalogRepository {
    struct DiskFull: Error {}

    let reads: any CatalogRepository

    func categories() -> [Models.Category] { reads.categories() }
    func category(_ id: CategoryID) -> Models.Category? { reads.category(id) }
    func items(in category: CategoryID) -> [Item] { reads.items(in: category) }
    func itemCount(in category: CategoryID) -> Int { reads.itemCount(in: category) }
    func item(_ id: ItemID) -> Item? { reads.item(id) }

    func addItem(_ draft: ItemDraft, to category: CategoryID, creator: UserID?) throws -> Item { throw DiskFull() }
    func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item { throw DiskFull() }
    func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item { throw DiskFull() }
    func deleteItem(_ id: ItemID) throws { throw DiskFull() }
}

/// An error thrown while answering is a 500 page in the layout, and the server keeps serving.
@Suite struct FailingCatalogTests {
    @Test func aCatalogThatThrowsIs500InTheLayout() throws {
        // The real application's parts, with the catalog swapped for one whose writes fail.
        let app = try TestApp()
        let real = app.application.responder
        let dependencies = AppDependencies(
            catalog: FailingWritesCatalog(reads: app.application.services.catalog), accounts: real.dependencies.accounts,
            accountsForClient: real.dependencies.accountsForClient, today: real.dependencies.today, now: real.dependencies.now)
        let responder = AppResponder(
            dependencies: dependencies, sessions: real.sessions, admission: real.admission, renderer: real.renderer,
            pool: real.pool, logger: real.logger, clock: real.clock)
        let server = HTTPServer(configuration: .init(port: 0, eventLoops: 1), responder: responder, logger: real.logger)
        let port = try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
            withExtendedLifetime(app) {}  // its services and workers serve this server too
        }

        let client = WebClient(port: port)
        try client.signIn()
        let response = try client.submit(
            "/library/category-3/items/new", form: [("title", "Never stored"), ("subtitle", "")])
        #expect(response.status == 500)
        ErrorPageTests.expectLayout(response, heading: "Something went wrong")
        #expect(try client.get("/library/category-3").status == 200)
    }
}
