import DemoData
import Foundation
import Models
import TestSupport
import Testing
@testable import Services

struct AppServicesTests {
    let folder = TemporaryDirectory(prefix: "waypoint-app")
    var directory: String { folder.path("data") }

    func open(_ log: LogRecorder) throws -> AppServices {
        try AppServices(configuration: .init(dataDirectory: directory, passwordIterations: 1_000, seed: DemoSeed()), log: log.closure)
    }

    @Test func theFirstStartSeedsAndTheSecondKeepsTheData() throws {
        let log = LogRecorder()
        do {
            let services = try open(log)
            #expect(services.seeded)
            #expect(services.catalog.categories().count == 8)
            try services.catalog.deleteItem(ItemID(1))
            services.close()
        }
        let services = try open(log)
        #expect(!services.seeded)
        #expect(services.catalog.itemCount(in: CategoryID("category-1")) == 49)
        #expect(try services.throttledAccounts.authenticate(username: "demo", password: "demo-password", clientAddress: "127.0.0.1").displayName == "Demo User")
        #expect(log.all.filter { $0.hasPrefix("store opened") }.count == 2)
        services.close()
    }
}
