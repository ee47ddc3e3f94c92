import DemoData
import Foundation
import Models
import Services
import Storage
import Synchronization
import TestSupport

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    var closure: @Sendable () -> Date { { self.now } }
}

/// Lines logged by a service.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var closure: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// A data directory with a journal store and cheap password hashing; `reopen()` is a restart.
final class Fixture {
    static let iterations = 1_000

    private let folder: TemporaryDirectory
    var directory: String { folder.path }
    let clock = TestClock()
    let log = LogRecorder()
    private(set) var store: JournalStore
    private(set) var catalog: CatalogService
    private(set) var accounts: AccountService

    var outbox: Outbox { Outbox(directory: directory + "/outbox", clock: clock.closure) }

    /// `seed`: the benchmark's data set, whose small regular shape the tests count on, unless
    /// `seedSet` names another.
    init(seed: Bool = false, seedSet: DemoDataSet = .benchmark) throws {
        folder = TemporaryDirectory(prefix: "waypoint-services")
        (store, catalog, accounts) = try Self.open(folder.path, clock: clock, log: log)
        if seed {
            try DemoData.seedIfEmpty(store: store, catalog: catalog, accounts: accounts, set: seedSet)
        }
    }

    deinit {
        store.close()
    }

    func reopen() throws {
        store.close()
        (store, catalog, accounts) = try Self.open(directory, clock: clock, log: log)
    }

    private static func open(_ directory: String, clock: TestClock, log: LogRecorder) throws
        -> (JournalStore, CatalogService, AccountService)
    {
        let store = try JournalStore(directory: directory + "/store")
        let catalog = try CatalogService(store: store, clock: clock.closure)
        let accounts = try AccountService(
            store: store, outbox: Outbox(directory: directory + "/outbox", clock: clock.closure),
            configuration: .init(passwordIterations: iterations, resetLinkBase: "http://127.0.0.1:8080"),
            clock: clock.closure, log: log.closure)
        return (store, catalog, accounts)
    }
}
