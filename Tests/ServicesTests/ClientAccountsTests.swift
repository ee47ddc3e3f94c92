import Models
import Storage
import Testing
@testable import Services

/// Each form submission carries its client's address as an argument: two clients never share a
/// throttle, whichever thread runs them.
struct ClientAccountsTests {
    @Test func eachClientIsCountedApart() throws {
        let fixture = try Fixture()
        let accounts = try AccountService(
            store: InMemoryStore(), outbox: fixture.outbox, hasher: CountingHasher(), clock: fixture.clock.closure,
            background: ManualQueue().closure)
        let throttled = ThrottledAccounts(
            accounts: accounts, configuration: .init(registrations: .init(limit: 2)), clock: fixture.clock.closure)
        let first = throttled.accounts(for: Client(address: "198.51.100.1"))
        let second = throttled.accounts(for: Client(address: "198.51.100.2"))
        _ = try first.register(username: "ada", email: "ada@example.com", password: "a long password")
        _ = try first.register(username: "bob", email: "bob@example.com", password: "a long password")
        #expect(throws: AccountError.self) {
            try first.register(username: "cy", email: "cy@example.com", password: "a long password")
        }
        #expect(try second.register(username: "cy", email: "cy@example.com", password: "a long password").username == "cy")
        #expect(first.client != second.client)
    }
}
