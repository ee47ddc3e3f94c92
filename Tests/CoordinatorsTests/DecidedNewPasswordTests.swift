@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// A reset link's new-password form decides its attempt as a value and asks no account (`decide`);
/// the submission ends once the reset's answer is handed back (`finish`), as `submit` would have ended it.
@Suite struct DecidedNewPasswordTests {
    let fixture = Fixture()
    let client = Client(address: "192.0.2.1")
    let route = AppRoute.account(.resetPassword(token: "a-token"))

    func decided() throws -> (attempt: PasswordResetAttempt, then: SubmissionFinish, app: AppCoordinator) {
        let app = fixture.coordinator()
        let decided = try app.decide(
            route, form: ["password": "a new password", "confirmation": "a new password"], viewer: .visitor(), client: client)
        guard case .resetPassword(let attempt, let then) = decided else {
            Issue.record("expected a new password to set, got \(decided)")
            throw CancellationError()
        }
        return (attempt, then, app)
    }

    @Test func aNewPasswordIsDecidedWithoutAskingTheAccountsAndFinishesSignedIn() throws {
        let (attempt, then, app) = try decided()
        #expect((attempt.token, attempt.newPassword, attempt.client) == ("a-token", "a new password", client))
        #expect(fixture.accounts.calls.isEmpty, "deciding asks no account")
        guard case .signIn(let user, _) = try app.finish(then, with: .success(.user(fixture.ada))) else {
            Issue.record("expected the user signed in")
            return
        }
        #expect(user == fixture.ada)
    }

    @Test func aDeadLinkIsTheFormAgainAThrottleKeepsItsWaitAndRedisFailingIsRethrown() throws {
        let (_, dead, app) = try decided()
        let refused = try app.finish(dead, with: .failure(AccountError.invalidOrExpiredToken))
        #expect(refused.screen?.status == .invalid)
        let (_, throttled, again) = try decided()
        guard case .rateLimited(_, let seconds) = try again.finish(throttled, with: .failure(AccountError.tooManyAttempts(retryAfterSeconds: 7)))
        else {
            Issue.record("expected a refusal with its wait")
            return
        }
        #expect(seconds == 7)
        struct Unavailable: Error {}
        let (_, failing, third) = try decided()
        #expect(throws: Unavailable.self) { try third.finish(failing, with: .failure(Unavailable())) }
    }

    @Test func mismatchedPasswordsAreRefusedWithoutAnAttempt() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(route, form: ["password": "a new password", "confirmation": "another"], viewer: .visitor(), client: client)
        guard case .done(let outcome) = decided else {
            Issue.record("expected an outcome, got \(decided)")
            return
        }
        #expect(outcome.screen?.status == .invalid)
        #expect(fixture.accounts.calls.isEmpty)
    }
}
