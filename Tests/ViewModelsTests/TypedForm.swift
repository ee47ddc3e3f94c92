import Models
import TestSupport
import Testing
import ViewModels

/// Every form people type into, submitted through its view model the way the coordinator does, so
/// one table can hold each of them to the same field rules.
enum TypedForm: String, CaseIterable, CustomTestStringConvertible {
    case login, register, forgotPassword, resetPassword, newItem, editItem, settings

    /// One field people type into: its name, its label, a value it accepts, and whether it is a textarea.
    struct Field: CustomTestStringConvertible {
        var form: TypedForm
        var name: String
        var label: String
        var valid: String
        var isMultiLine = false
        var isSecret = false
        /// Chosen usernames and email addresses have shapes of their own; other text may be any letters.
        var takesAnyLetters: Bool { !isSecret && name != "email" && !(form == .register && name == "username") }

        var testDescription: String { "\(form.rawValue).\(name)" }
    }

    /// What a submission left behind: the state shown (or that would be shown) and whether the
    /// input got past validation to the repository or the draft.
    struct Submission {
        var state: FormState
        var passedValidation: Bool
    }

    var testDescription: String { rawValue }

    var fields: [Field] {
        switch self {
        case .login:
            [Field(form: self, name: "username", label: "Username", valid: "alice"),
             Field(form: self, name: "password", label: "Password", valid: "correct horse", isSecret: true)]
        case .register:
            [Field(form: self, name: "email", label: "Email address", valid: "new@example.com"),
             Field(form: self, name: "username", label: "Username", valid: "newbie"),
             Field(form: self, name: "password", label: "Password", valid: "nine chars", isSecret: true)]
        case .forgotPassword:
            [Field(form: self, name: "email", label: "Email address", valid: "alice@example.com")]
        case .resetPassword:
            [Field(form: self, name: "password", label: "New password", valid: "new password", isSecret: true),
             Field(form: self, name: "confirmation", label: "Confirm new password", valid: "new password", isSecret: true)]
        case .newItem, .editItem:
            [Field(form: self, name: "title", label: "Title", valid: "A title"),
             Field(form: self, name: "subtitle", label: "Subtitle", valid: "A subtitle", isMultiLine: true)]
        case .settings:
            [Field(form: self, name: "displayName", label: "Display name", valid: "Ali Baba")]
        }
    }

    static var allFields: [Field] { allCases.flatMap(\.fields) }

    /// Input that passes every check, with `overrides` on top. The reset form's password and its
    /// confirmation stay equal unless both are overridden, so no mismatch muddles a field's own error.
    func input(_ overrides: FormInput = [:]) -> FormInput {
        var input = FormInput(uniqueKeysWithValues: fields.map { ($0.name, $0.valid) })
        if self == .settings { input["theme"] = "system" }
        if self == .resetPassword, let typed = overrides["password"] ?? overrides["confirmation"] {
            input["password"] = typed
            input["confirmation"] = typed
        }
        return input.merging(overrides) { $1 }
    }

    func submit(_ input: FormInput) throws -> Submission {
        let accounts = InMemoryAccounts()
        let alice = accounts.add(username: "alice", email: "alice@example.com", password: "correct horse")
        accounts.issueToken("token", for: alice.id)
        switch self {
        case .login:
            var form = LoginFormViewModel(accounts: accounts)
            _ = try form.submit(input)
            return Submission(state: form.state, passedValidation: !accounts.calls.isEmpty)
        case .register:
            var form = RegisterFormViewModel(accounts: accounts)
            _ = try form.submit(input)
            return Submission(state: form.state, passedValidation: !accounts.calls.isEmpty)
        case .forgotPassword:
            var form = ForgotPasswordFormViewModel(accounts: accounts)
            _ = try form.submit(input)
            return Submission(state: form.state, passedValidation: !accounts.calls.isEmpty)
        case .resetPassword:
            var form = ResetPasswordFormViewModel(token: "token", accounts: accounts)
            _ = try form.submit(input)
            return Submission(state: form.state, passedValidation: !accounts.calls.isEmpty)
        case .newItem:
            var form = ItemFormViewModel()
            let draft = form.validate(input)
            return Submission(state: form.state, passedValidation: draft != nil)
        case .editItem:
            let item = Item(
                id: ItemID(1), category: CategoryID("c"), title: "Old", subtitle: "Sub",
                createdAt: CalendarDate(year: 2026, month: 1, day: 1))
            var form = ItemFormViewModel(item: item)
            let draft = form.validate(input)
            return Submission(state: form.state, passedValidation: draft != nil)
        case .settings:
            var model = SettingsViewModel(settings: Settings(), user: nil, accounts: accounts)
            let outcome = try model.submit(input)
            return Submission(state: model.state, passedValidation: outcome.value != nil)
        }
    }
}
