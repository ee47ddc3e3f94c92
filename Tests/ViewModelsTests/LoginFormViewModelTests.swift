import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct LoginFormViewModelTests {
    let accounts = InMemoryAccounts()

    init() {
        accounts.add(username: "alice", email: "alice@example.com", password: "correct horse")
    }

    @Test func signsInWithTrimmedUsernameAndUntrimmedPassword() throws {
        accounts.add(username: "bob", email: "bob@example.com", password: " spaced password ")
        var form = LoginFormViewModel(accounts: accounts)
        let outcome = try form.submit(["username": "  bob ", "password": " spaced password "])
        #expect(outcome.value?.username == "bob")
        #expect(accounts.calls == ["authenticate bob"])
    }

    @Test(arguments: [
        (["username": "", "password": ""], ["username": "Username is required", "password": "Password is required"]),
        (["username": "   ", "password": "long enough pw"], ["username": "Username is required"]),
        (["username": "alice", "password": "short"],
         ["password": "Passwords need to be a minimum of 9 characters long"]),
        ([:], ["username": "Username is required", "password": "Password is required"]),
        (["username": String(repeating: "a", count: 33), "password": "long enough pw"],
         ["username": "Username can be at most 32 characters long"]),
    ] as [(FormInput, [String: String])])
    func refusesInvalidInputWithoutAskingTheRepository(_ input: FormInput, _ expected: [String: String]) throws {
        var form = LoginFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(input).state)
        #expect(state.isInvalid)
        #expect(Dictionary(uniqueKeysWithValues: state.errors.map { ($0.fieldName, $0.message) }) == expected)
        #expect(accounts.calls.isEmpty)
    }

    @Test(arguments: [("alice", "wrong password"), ("nobody", "correct horse"), ("ALICE", "correct horse")])
    func failuresNeverRevealWhetherTheAccountExists(_ username: String, _ password: String) throws {
        var form = LoginFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(["username": username, "password": password]).state)
        #expect(state.errors == [FormError(fieldName: "username", message: "Incorrect username or password")])
        #expect(state["username"]?.error == nil)
    }

    @Test func keepsTheUsernameButNeverThePassword() throws {
        var form = LoginFormViewModel(accounts: accounts)
        _ = try form.submit(["username": " alice ", "password": "wrong password"])
        #expect(form.state["username"]?.value == "alice")
        #expect(form.state["password"]?.value == "")
        _ = try form.submit(["username": "alice", "password": "x"])
        #expect(form.state["password"]?.value == "")
    }

    @Test func surfacesTheWaitWhenThrottled() throws {
        accounts.throttle(retryAfterSeconds: 42)
        var form = LoginFormViewModel(accounts: accounts)
        let outcome = try form.submit(["username": "alice", "password": "correct horse"])
        guard case .rateLimited(let state, let seconds) = outcome else {
            Issue.record("expected rate limiting, got \(outcome)")
            return
        }
        #expect(seconds == 42)
        #expect(state.errors.map(\.message) == ["Too many attempts. Try again in 42 seconds."])
    }

    @Test func describesItsFieldsForTheTemplate() {
        let form = LoginFormViewModel(accounts: accounts)
        #expect(form.state.fields.map(\.name) == ["username", "password"])
        #expect(form.state.fields.map(\.autocomplete) == ["username", "current-password"])
        #expect(form.state.fields.map(\.inputType) == [.text, .password])
        #expect(form.state.fields.allSatisfy { $0.isRequired })
        #expect(!form.state.isInvalid)
    }

    @Test func startsCleanOnEachSubmission() throws {
        var form = LoginFormViewModel(accounts: accounts)
        _ = try form.submit(["username": "alice", "password": "wrong password"])
        #expect(form.state.isInvalid)
        let outcome = try form.submit(["username": "alice", "password": "correct horse"])
        #expect(outcome.value != nil)
        #expect(!form.state.isInvalid)
    }
}
