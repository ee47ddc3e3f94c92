import Models
import Storage
import Testing
@testable import Services

/// Registration refuses what it can before the deliberately slow hash.
struct RegistrationCostTests {
    let hasher = CountingHasher()
    let accounts: AccountService

    init() throws {
        accounts = try AccountService(store: InMemoryStore(), outbox: Outbox(directory: "/nonexistent"), hasher: hasher)
        _ = try accounts.register(username: "ada", email: "ada@example.com", password: "analytical")
    }

    @Test(arguments: [("Ada", "new@example.com", AccountError.usernameTaken), ("grace", "ADA@example.com", AccountError.emailTaken)])
    func aTakenUsernameOrEmailIsRefusedBeforeHashing(username: String, email: String, error: AccountError) {
        #expect(hasher.hashes == 1)
        #expect(throws: error) { try accounts.register(username: username, email: email, password: "another") }
        #expect(hasher.hashes == 1)
    }

    @Test func aNameTakenWhileTheNewPasswordHashesIsStillRefused() throws {
        let accounts = self.accounts
        hasher.duringNextHash {
            _ = try? accounts.register(username: "grace", email: "first@example.com", password: "first")
        }
        #expect(throws: AccountError.usernameTaken) {
            try accounts.register(username: "Grace", email: "second@example.com", password: "second")
        }
        #expect(hasher.hashes == 3)
        #expect(try accounts.authenticate(username: "grace", password: "first").email == "first@example.com")
    }
}
