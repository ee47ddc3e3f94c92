@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// A sign-in form decides its attempt as a value and asks no account (`decide`); the submission
/// ends once the attempt's answer is handed back (`finish`), as `submit` would have ended it.
@Suite struct DecidedSignInTests {
    let fixture = Fixture()
    let client = Client(address: "192.0.2.1", knownUsername: "Ada")

    func decided(_ form: FormInput) throws -> (SignInAttempt, SubmissionFinish, AppCoordinator) {
        let app = fixture.coordinator()
        let decided = try app.decide(.account(.login(next: nil)), form: form, viewer: .visitor(), client: client)
        guard case .signIn(let attempt, let then) = decided else {
            Issue.record("expected a sign-in, got \(decided)")
            throw CancellationError()
        }
        return (attempt, then, app)
    }

    @Test func aSignInIsDecidedAsAnAttemptWithoutAskingTheAccounts() throws {
        let (attempt, then, app) = try decided(["username": "ada", "password": "correct-horse"])
        #expect(attempt.username == "ada")
        #expect(attempt.password == "correct-horse")
        #expect(attempt.client == client)
        #expect(attempt.isKnownDevice, "usernames compare case-insensitively")
        #expect(fixture.accounts.calls.isEmpty, "deciding asks no account")
        let ada = try #require(fixture.accounts.user(UserID("u1")))
        guard case .signIn(let user, _) = try app.finish(then, with: .success(.user(ada))) else {
            Issue.record("expected a sign-in outcome")
            return
        }
        #expect(user == ada)
    }

    @Test func aThrottledAttemptFinishesAsRateLimitedWithItsWait() throws {
        let (_, then, app) = try decided(["username": "ada", "password": "not-the-password"])
        guard case .rateLimited(_, let seconds) = try app.finish(then, with: .failure(AccountError.tooManyAttempts(retryAfterSeconds: 7)))
        else {
            Issue.record("expected a refusal with its wait")
            return
        }
        #expect(seconds == 7)
    }

    @Test func aWrongPasswordFinishesAsTheSameRefusalAndAnUnexpectedFailureIsRethrown() throws {
        struct Unavailable: Error {}
        let (_, then, app) = try decided(["username": "ada", "password": "not-the-password"])
        let refused = try app.finish(then, with: .failure(AccountError.invalidCredentials))
        #expect(refused.screen?.status == .invalid)
        #expect(throws: Unavailable.self) { try app.finish(then, with: .failure(Unavailable())) }
    }

    @Test func anIncompleteFormIsRefusedWithoutAnAttempt() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(.account(.login(next: nil)), form: ["username": "ada"], viewer: .visitor(), client: client)
        guard case .done(let outcome) = decided else {
            Issue.record("expected an outcome, got \(decided)")
            return
        }
        #expect(outcome.screen?.status == .invalid)
        #expect(fixture.accounts.calls.isEmpty)
    }
}
