extension FormField {
    /// One definition per kind of account field, so every form bounds and labels it alike.
    static func email() -> FormField {
        FormField(
            name: "email", label: "Email address", inputType: .email, autocomplete: "email", isRequired: true,
            maxLength: FieldRules.emailMaximumLength)
    }

    /// A password being chosen (registration, reset): the hint states the rule `FieldRules.password` checks.
    static func newPassword(label: String) -> FormField {
        FormField(
            name: "password", label: label, inputType: .password, autocomplete: "new-password", isRequired: true,
            maxLength: FieldRules.passwordMaximumLength, hint: "At least \(FieldRules.passwordMinimumLength) characters")
    }
}
