import Testing
@testable import Web

/// A stopped application leaves nothing behind: no cycle keeps it, its responder or its services alive.
@Suite struct ApplicationLifetimeTests {
    @Test func aStoppedApplicationIsFreed() throws {
        weak var application: Application?
        weak var responder: AppResponder?
        do {
            let app = try TestApp()
            _ = try app.client().get("/library/category-3/items/107")
            application = app.application
            responder = app.application.responder
        }
        #expect(application == nil)
        #expect(responder == nil)
    }
}
