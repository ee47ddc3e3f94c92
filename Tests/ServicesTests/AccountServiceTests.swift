import Models
import Testing
@testable import Services

struct AccountServiceTests {
    let fixture: Fixture

    init() throws {
        fixture = try Fixture()
    }

    @Test func aRegisteredUserCanSignIn() throws {
        let registered = try fixture.accounts.register(username: "Ada", email: "ada@example.com", password: "analytical")
        let signedIn = try fixture.accounts.authenticate(username: "Ada", password: "analytical")
        #expect(signedIn == registered)
        #expect(fixture.accounts.user(registered.id) == registered)
    }

    @Test func usernamesMatchCaseInsensitivelyAtSignIn() throws {
        let registered = try fixture.accounts.register(username: "Ada", email: "ada@example.com", password: "analytical")
        #expect(try fixture.accounts.authenticate(username: "aDA", password: "analytical") == registered)
    }

    @Test func aWrongPasswordIsInvalidCredentials() throws {
        _ = try fixture.accounts.register(username: "ada", email: "ada@example.com", password: "analytical")
        #expect(throws: AccountError.invalidCredentials) {
            try fixture.accounts.authenticate(username: "ada", password: "Analytical")
        }
    }

    @Test func anUnknownUserGetsTheSameError() throws {
        #expect(throws: AccountError.invalidCredentials) {
            try fixture.accounts.authenticate(username: "nobody", password: "whatever")
        }
    }

    @Test(arguments: [("ADA", "other@example.com", AccountError.usernameTaken), ("grace", "ADA@Example.COM", AccountError.emailTaken)])
    func duplicatesAreRefusedWhateverTheCase(username: String, email: String, error: AccountError) throws {
        _ = try fixture.accounts.register(username: "ada", email: "ada@example.com", password: "analytical")
        #expect(throws: error) {
            try fixture.accounts.register(username: username, email: email, password: "another")
        }
    }

    @Test func accountsAndSettingsSurviveARestart() throws {
        let user = try fixture.accounts.register(username: "ada", email: "ada@example.com", password: "analytical")
        let settings = Settings(displayName: "Countess", theme: .dark, showSubtitles: false)
        let saved = try fixture.accounts.saveSettings(settings, for: user.id)
        #expect(saved.displayName == "Countess")
        try fixture.reopen()
        #expect(fixture.accounts.user(user.id)?.settings == settings)
        #expect(try fixture.accounts.authenticate(username: "ada", password: "analytical").settings == settings)
        #expect(throws: AccountError.usernameTaken) {
            try fixture.accounts.register(username: "Ada", email: "new@example.com", password: "x")
        }
    }

    @Test func savingSettingsOfAnUnknownUserFails() {
        #expect(throws: AccountService.Error.unknownUser(UserID("missing"))) {
            try fixture.accounts.saveSettings(Settings(), for: UserID("missing"))
        }
    }

    @Test func theStoreNeverHoldsThePassword() throws {
        _ = try fixture.accounts.register(username: "ada", email: "ada@example.com", password: "plain-text-secret")
        let stored = fixture.store.all("accounts.users").values.map { String(decoding: $0, as: UTF8.self) }
        #expect(stored.count == 1)
        #expect(!stored.contains { $0.contains("plain-text-secret") })
    }
}
