import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct ResetPasswordFormViewModelTests {
    let accounts = InMemoryAccounts()
    let alice: User

    init() {
        alice = accounts.add(username: "alice", email: "alice@example.com", password: "old password")
        accounts.issueToken("token-1", for: alice.id)
    }

    @Test func setsTheNewPasswordWithAValidToken() throws {
        var form = ResetPasswordFormViewModel(token: "token-1", accounts: accounts)
        #expect(form.isTokenValid)
        let outcome = try form.submit(["password": "new password", "confirmation": "new password"])
        #expect(outcome.value == alice)
        #expect(accounts.password(of: "alice") == "new password")
        #expect(!form.isTokenValid)
    }

    @Test(arguments: [
        (["password": "", "confirmation": ""],
         ["password": "New password is required", "confirmation": "Confirm new password is required"]),
        (["password": "short", "confirmation": "short"],
         ["password": "Passwords need to be a minimum of 9 characters long", "confirmation": nil]),
        (["password": "new password", "confirmation": "new passw0rd"],
         ["password": nil, "confirmation": ResetPasswordFormViewModel.mismatch]),
        (["password": "new password", "confirmation": " new password"],
         ["password": nil, "confirmation": ResetPasswordFormViewModel.mismatch]),
    ] as [(FormInput, [String: String?])])
    func checksLengthAndConfirmation(_ input: FormInput, _ expected: [String: String?]) throws {
        var form = ResetPasswordFormViewModel(token: "token-1", accounts: accounts)
        let state = try #require(try form.submit(input).state)
        for (name, message) in expected { #expect(state[name]?.error == message) }
        #expect(state.fields.allSatisfy { $0.value.isEmpty })
        #expect(accounts.calls.isEmpty)
    }

    @Test func explainsAnExpiredLink() throws {
        var form = ResetPasswordFormViewModel(token: "stale", accounts: accounts)
        #expect(!form.isTokenValid)
        let state = try #require(try form.submit(["password": "new password", "confirmation": "new password"]).state)
        #expect(state.errors == [FormError(fieldName: "password", message: ResetPasswordFormViewModel.invalidToken)])
        #expect(accounts.password(of: "alice") == "old password")
    }

    @Test func surfacesTheWaitWhenThrottled() throws {
        accounts.throttle(retryAfterSeconds: 9)
        var form = ResetPasswordFormViewModel(token: "token-1", accounts: accounts)
        guard case .rateLimited(_, 9) = try form.submit(["password": "new password", "confirmation": "new password"]) else {
            Issue.record("expected rate limiting")
            return
        }
    }
}
