@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// A forgotten-password form decides its request as a value and asks no account (`decide`); the
/// submission ends once the request's answer is handed back (`finish`), as `submit` would have ended it.
@Suite struct DecidedResetRequestTests {
    let fixture = Fixture()
    let client = Client(address: "192.0.2.1")

    func decided() throws -> (email: String, requester: Client, then: SubmissionFinish, app: AppCoordinator) {
        let app = fixture.coordinator()
        let decided = try app.decide(
            .account(.forgotPassword(next: nil)), form: ["email": "grace@example.com"], viewer: .visitor(), client: client)
        guard case .requestReset(let email, let requester, let then) = decided else {
            Issue.record("expected a reset request, got \(decided)")
            throw CancellationError()
        }
        return (email, requester, then, app)
    }

    @Test func aResetRequestIsDecidedWithoutAskingTheAccountsAndFinishesAsTheSameRedirect() throws {
        let (email, requester, then, app) = try decided()
        #expect(email == "grace@example.com")
        #expect(requester == client)
        #expect(fixture.accounts.calls.isEmpty, "deciding asks no account")
        guard case .redirect(let target) = try app.finish(then, with: .success(.requested)) else {
            Issue.record("expected the redirect every address gets")
            return
        }
        #expect(target == .account(.resetLinkSent))
    }

    @Test func aThrottledRequestFinishesWithItsWaitAndRedisFailingIsRethrown() throws {
        let (_, _, then, app) = try decided()
        guard case .rateLimited(_, let seconds) = try app.finish(then, with: .failure(AccountError.tooManyAttempts(retryAfterSeconds: 7)))
        else {
            Issue.record("expected a refusal with its wait")
            return
        }
        #expect(seconds == 7)
        struct Unavailable: Error {}
        let (_, _, failing, again) = try decided()
        #expect(throws: Unavailable.self) { try again.finish(failing, with: .failure(Unavailable())) }
    }

    @Test func anInvalidAddressIsRefusedWithoutARequest() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(.account(.forgotPassword(next: nil)), form: ["email": ""], viewer: .visitor(), client: client)
        guard case .done(let outcome) = decided else {
            Issue.record("expected an outcome, got \(decided)")
            return
        }
        #expect(outcome.screen?.status == .invalid)
        #expect(fixture.accounts.calls.isEmpty)
    }
}
