/// What a template renders for any form: the fields with their inline errors, errors that belong to
/// the whole form, and an optional confirmation.
public struct FormState: Hashable, Sendable {
    public var fields: [FormField]
    /// Errors shown only in the summary (e.g. wrong credentials), each still pointing at a field.
    public var formErrors: [FormError]
    /// A confirmation to show instead of errors (e.g. "we sent a reset link").
    public var notice: String?

    public init(fields: [FormField], formErrors: [FormError] = [], notice: String? = nil) {
        self.fields = fields
        self.formErrors = formErrors
        self.notice = notice
    }

    /// Every error in page order: inline ones first, then the form-level ones.
    public var errors: [FormError] {
        fields.compactMap { field in field.error.map { FormError(fieldName: field.name, message: $0) } } + formErrors
    }

    /// Drives the "Form Invalid" summary.
    public var isInvalid: Bool { !formErrors.isEmpty || fields.contains { $0.error != nil } }

    public subscript(name: String) -> FormField? {
        fields.first { $0.name == name }
    }
}
