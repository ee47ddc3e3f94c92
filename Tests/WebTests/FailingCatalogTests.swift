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

    func addItem(_ draft: ItemDraft, to category: CategoryID) throws -> Item { throw DiskFull() }
    func updateItem(_ id: ItemID, with draft: ItemDraft) throws -> Item { throw DiskFull() }
    func setFavourite(_ id: ItemID, _ isFavourite: Bool) throws -> Item { throw DiskFull() }
    func deleteItem(_ id: ItemID) throws { throw DiskFull() }
}

/// An error thrown while answering is a 500 page in the layout, and the server keeps serving.
@Suite struct FailingCatalogTests {
    @Test func aCatalogThatThrowsIs500InTheLayout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-failing-\(UUID().uuidString)").path
        let services = try AppServices(configuration: .init(dataDirectory: directory, passwordIterations: 1000))
        defer {
            services.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
        let logger = Logger(level: .error)
        let accounts = ClientAwareAccounts(accounts: services.accounts, login: services.login)
        let dependencies = AppDependencies(
            catalog: FailingWritesCatalog(reads: services.catalog), accounts: accounts,
            today: { CalendarDate(year: 2026, month: 11, day: 22) }, now: { 0 })
        let pool = WorkerPool(threads: 1)
        let responder = AppResponder(
            dependencies: dependencies, accounts: accounts, sessions: SessionStore(configuration: .init()),
            renderer: PageRenderer(
                templates: try TemplateSource(directory: TestApp.templatesDirectory, reloads: false, logger: logger),
                cache: nil, logger: logger),
            pool: pool, logger: logger, clock: { Int64(Date().timeIntervalSince1970) })
        let server = HTTPServer(configuration: .init(port: 0, eventLoops: 1), responder: responder, logger: logger)
        let port = try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
            pool.shutdown()
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
