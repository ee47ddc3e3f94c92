@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// A registration form decides its attempt as a value and asks no account (`decide`); the
/// submission ends once the attempt's answer is handed back (`finish`), as `submit` would have ended it.
@Suite struct DecidedRegistrationTests {
    let fixture = Fixture()
    let client = Client(address: "192.0.2.1")
    let form: FormInput = ["username": "grace", "email": "grace@example.com", "password": "a long password"]

    func decided() throws -> (RegistrationAttempt, SubmissionFinish, AppCoordinator) {
        let app = fixture.coordinator()
        let decided = try app.decide(.account(.register(next: nil)), form: form, viewer: .visitor(), client: client)
        guard case .register(let attempt, let then) = decided else {
            Issue.record("expected a registration, got \(decided)")
            throw CancellationError()
        }
        return (attempt, then, app)
    }

    @Test func aRegistrationIsDecidedAsAnAttemptWithoutAskingTheAccounts() throws {
        let (attempt, then, app) = try decided()
        #expect(attempt.username == "grace")
        #expect(attempt.email == "grace@example.com")
        #expect(attempt.password == "a long password")
        #expect(attempt.client == client)
        #expect(fixture.accounts.calls.isEmpty, "deciding asks no account")
        let grace = User(id: UserID("u9"), username: "grace", email: "grace@example.com")
        guard case .signIn(let user, _) = try app.finish(then, with: .success(.user(grace))) else {
            Issue.record("expected a sign-in outcome")
            return
        }
        #expect(user == grace)
    }

    @Test func aTakenUsernameOrEmailFinishesAsTheFormWithItsMessageAndAThrottleWithItsWait() throws {
        for (error, message) in [
            (AccountError.usernameTaken, RegisterFormViewModel.usernameTaken), (.emailTaken, RegisterFormViewModel.emailTaken),
        ] {
            let (_, then, app) = try decided()
            let refused = try app.finish(then, with: .failure(error))
            #expect(refused.screen?.status == .invalid)
            #expect(String(describing: refused).contains(message), "the refusal is shown on its field")
        }
        let (_, then, app) = try decided()
        guard case .rateLimited(_, let seconds) = try app.finish(then, with: .failure(AccountError.tooManyAttempts(retryAfterSeconds: 7)))
        else {
            Issue.record("expected a refusal with its wait")
            return
        }
        #expect(seconds == 7)
    }

    @Test func anIncompleteFormIsRefusedWithoutAnAttempt() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(.account(.register(next: nil)), form: ["username": "grace"], viewer: .visitor(), client: client)
        guard case .done(let outcome) = decided else {
            Issue.record("expected an outcome, got \(decided)")
            return
        }
        #expect(outcome.screen?.status == .invalid)
        #expect(fixture.accounts.calls.isEmpty)
    }
}
