import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct ForgotPasswordFormViewModelTests {
    let accounts = InMemoryAccounts()

    init() {
        accounts.add(username: "alice", email: "alice@example.com", password: "correct horse")
    }

    @Test(arguments: ["alice@example.com", "nobody@example.com"])
    func answersTheSameWhetherOrNotTheEmailIsKnown(_ email: String) throws {
        var form = ForgotPasswordFormViewModel(accounts: accounts)
        let outcome = try form.submit(["email": email])
        #expect(outcome.value == ForgotPasswordFormViewModel.sentNotice)
        #expect(form.state.notice == ForgotPasswordFormViewModel.sentNotice)
        #expect(!form.state.isInvalid)
        #expect(accounts.calls == ["requestPasswordReset \(email)"])
    }

    @Test func sendsTheLinkOnlyForAKnownEmail() throws {
        var form = ForgotPasswordFormViewModel(accounts: accounts)
        _ = try form.submit(["email": " alice@example.com "])
        _ = try form.submit(["email": "nobody@example.com"])
        #expect(accounts.outbox == ["alice@example.com"])
    }

    @Test(arguments: [("", "Email address is required"), ("alice", FieldRules.emailInvalid)])
    func refusesAnInvalidEmail(_ email: String, _ message: String) throws {
        var form = ForgotPasswordFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(["email": email]).state)
        #expect(state.errors == [FormError(fieldName: "email", message: message)])
        #expect(state.notice == nil)
        #expect(accounts.calls.isEmpty)
    }

    @Test func surfacesTheWaitWhenThrottled() throws {
        accounts.throttle(retryAfterSeconds: 5)
        var form = ForgotPasswordFormViewModel(accounts: accounts)
        guard case .rateLimited(let state, 5) = try form.submit(["email": "alice@example.com"]) else {
            Issue.record("expected rate limiting")
            return
        }
        #expect(state.notice == nil)
        #expect(state.isInvalid)
    }
}
