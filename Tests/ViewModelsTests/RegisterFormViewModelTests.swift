import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct RegisterFormViewModelTests {
    let accounts = InMemoryAccounts()
    static let valid: FormInput = ["email": "new@example.com", "username": "newbie", "password": "nine chars"]

    @Test func choosingAPasswordReadsAndIsBoundedTheSameOnRegistrationAndReset() throws {
        let registration = try #require(RegisterFormViewModel(accounts: accounts).state["password"])
        let reset = try #require(ResetPasswordFormViewModel(token: "t", accounts: accounts).state["password"])
        #expect(registration.label == "Password")
        #expect(reset.label == "New password")
        for field in [registration, reset] {
            #expect(field.isPassword && field.isRequired)
            #expect(field.autocomplete == "new-password")
            #expect(field.maxLength == FieldRules.passwordMaximumLength)
            #expect(field.hint == "At least \(FieldRules.passwordMinimumLength) characters")
        }
        #expect(RegisterFormViewModel(accounts: accounts).state["email"] == ForgotPasswordFormViewModel(accounts: accounts).state["email"])
    }

    @Test func registersWithTrimmedValues() throws {
        var form = RegisterFormViewModel(accounts: accounts)
        let outcome = try form.submit(["email": " new@example.com ", "username": "\tnewbie\n", "password": "nine chars"])
        #expect(outcome.value?.username == "newbie")
        #expect(accounts.calls == ["register newbie new@example.com"])
        #expect(accounts.password(of: "newbie") == "nine chars")
    }

    @Test(arguments: [
        ("email", "", "Email address is required"),
        ("email", "not-an-email", FieldRules.emailInvalid),
        ("email", "a@b", FieldRules.emailInvalid),
        ("username", "", "Username is required"),
        ("username", "ab", FieldRules.usernameInvalid),
        ("username", "has space", FieldRules.usernameInvalid),
        ("password", "", "Password is required"),
        ("password", "eight ch", "Passwords need to be a minimum of 9 characters long"),
        ("password", String(repeating: "p", count: 1_025), FieldRules.passwordTooLong),
    ])
    func reportsEachRuleOnItsField(_ field: String, _ value: String, _ message: String) throws {
        var input = Self.valid
        input[field] = value
        var form = RegisterFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(input).state)
        #expect(state.errors == [FormError(fieldName: field, message: message)])
        #expect(state[field]?.error == message)
        #expect(accounts.calls.isEmpty)
    }

    @Test func summaryListsEveryErrorInPageOrder() throws {
        var form = RegisterFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(["email": "x", "username": "!", "password": "p"]).state)
        #expect(state.isInvalid)
        #expect(state.errors.map(\.fieldName) == ["email", "username", "password"])
    }

    @Test func keepsValuesButDropsThePasswordOnError() throws {
        var form = RegisterFormViewModel(accounts: accounts)
        _ = try form.submit(["email": " typo@example ", "username": "newbie", "password": "a fine password"])
        #expect(form.state["email"]?.value == "typo@example")
        #expect(form.state["username"]?.value == "newbie")
        #expect(form.state["password"]?.value == "")
    }

    @Test func takenUsernameIsAFieldError() throws {
        accounts.add(username: "newbie", email: "other@example.com", password: "whatever pw")
        var form = RegisterFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(Self.valid).state)
        #expect(state.errors == [FormError(fieldName: "username", message: RegisterFormViewModel.usernameTaken)])
    }

    @Test func takenEmailIsAFieldError() throws {
        accounts.add(username: "someone", email: "new@example.com", password: "whatever pw")
        var form = RegisterFormViewModel(accounts: accounts)
        let state = try #require(try form.submit(Self.valid).state)
        #expect(state.errors == [FormError(fieldName: "email", message: RegisterFormViewModel.emailTaken)])
        #expect(state["password"]?.value == "")
    }

    @Test func surfacesTheWaitWhenThrottled() throws {
        accounts.throttle(retryAfterSeconds: 120)
        var form = RegisterFormViewModel(accounts: accounts)
        guard case .rateLimited(_, let seconds) = try form.submit(Self.valid) else {
            Issue.record("expected rate limiting")
            return
        }
        #expect(seconds == 120)
    }

    @Test func offersNewPasswordAutocomplete() {
        let form = RegisterFormViewModel(accounts: accounts)
        #expect(form.state.fields.map(\.autocomplete) == ["email", "username", "new-password"])
        #expect(form.state.fields.map(\.inputType) == [.email, .text, .password])
    }
}
