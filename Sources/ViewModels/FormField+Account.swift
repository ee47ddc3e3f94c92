extension FormField {
    /// One definition per kind of account field, so every form bounds and labels it alike.
    static func email() -> FormField {
        FormField(
            name: "email", label: "Email address", rules: .email, inputType: .email, autocomplete: "email",
            isRequired: true)
    }

    /// A password being chosen (registration, reset): the hint states the rule `FieldRules.password` checks.
    static func newPassword(label: String) -> FormField {
        FormField(
            name: "password", label: label, rules: .password, autocomplete: "new-password", isRequired: true,
            hint: "At least \(FieldRules.passwordMinimumLength) characters")
    }
}
