import Foundation
import Testing
import TestSupport
import Models
@testable import Storage
@testable import Web

/// A disk that hangs holds the store's group commit: a form behind it answers 503 with
/// `Retry-After` once `storeCommitWait` passes, never a 500 and never a wait without end, and
/// the write it queued is made with the next one.
struct BusyStoreTests {
    @Test func aFormBehindAHungCommitIs503WithRetryAfterAndItsWriteGoesWithTheNext() throws {
        var options = TestApp.defaultOptions
        options.storeCommitWait = .milliseconds(100)
        let app = try TestApp(options: options)
        let store = try #require(app.application.services.journalStore)
        let author = app.client()
        try author.signIn()
        let answer = try store.commitLock.withLock(timeout: .seconds(60)) {  // as a hung fsync would
            try author.submit("/library/category-3/items/new", form: [("title", "Behind a hung disk"), ("subtitle", "")])
        }
        #expect(answer.status == 503)
        #expect(answer.header("Retry-After") != nil)
        let next = try author.submit("/library/category-3/items/new", form: [("title", "Once the disk answers"), ("subtitle", "")])
        #expect(next.status == 303)
        let titles = app.application.services.catalog.items(in: CategoryID("category-3")).map(\.title)
        #expect(titles.contains("Behind a hung disk"))
        #expect(titles.contains("Once the disk answers"))
        // Nothing is left waiting: the first write went to disk with the second's group.
        #expect(store.state.withLock { $0.queue.isEmpty })
    }
}
