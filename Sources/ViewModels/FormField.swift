/// One labelled control of a form, carrying everything a template needs to render it accessibly,
/// so templates can render every form with one loop.
public struct FormField: Hashable, Sendable {
    /// How the control is drawn; the raw value is the HTML `type` (or `textarea`).
    public enum InputType: String, Hashable, Sendable {
        case text
        case email
        case password
        case textarea
    }

    /// The form field name, also the anchor the "Form Invalid" summary links to.
    public var name: String
    public var label: String
    /// What the user typed (trimmed), kept on error so nobody types twice; always empty for passwords.
    public var value: String
    /// The inline error, if any.
    public var error: String?
    public var inputType: InputType
    /// The `autocomplete` hint, so password managers fill the right thing.
    public var autocomplete: String
    public var isRequired: Bool
    /// How long the value may be and which characters it may hold.
    public var rules: FieldRules
    /// A short rule shown under the label (e.g. the password length), if any.
    public var hint: String?

    /// A field bounded by `rules`; the control is a password box for secrets, a textarea for
    /// multi-line fields and a text box otherwise, unless `inputType` says more (e.g. `.email`).
    public init(
        name: String, label: String, value: String = "", error: String? = nil, rules: FieldRules,
        inputType: InputType? = nil, autocomplete: String = "off", isRequired: Bool = false, hint: String? = nil
    ) {
        self.name = name
        self.label = label
        self.value = value
        self.error = error
        self.inputType = inputType ?? (rules.isSecret ? .password : rules.allowsLineBreaks ? .textarea : .text)
        self.autocomplete = autocomplete
        self.isRequired = isRequired
        self.rules = rules
        self.hint = hint
    }

    /// A free-text field of at most `maxLength` characters (see `FieldRules.init(text:)`).
    public init(
        name: String, label: String, value: String = "", error: String? = nil,
        inputType: InputType = .text, autocomplete: String = "off", isRequired: Bool = false,
        maxLength: Int, hint: String? = nil
    ) {
        var rules = FieldRules(text: maxLength, allowsLineBreaks: inputType == .textarea)
        rules.isSecret = inputType == .password
        self.init(
            name: name, label: label, value: value, error: error, rules: rules, inputType: inputType,
            autocomplete: autocomplete, isRequired: isRequired, hint: hint)
    }

    /// The longest accepted value in characters, rendered as `maxlength`.
    public var maxLength: Int { rules.maximumCharacters }

    public var hasError: Bool { error != nil }
    public var isPassword: Bool { inputType == .password }
    /// Templates draw a `<textarea>` instead of an `<input>` for these.
    public var isTextarea: Bool { inputType == .textarea }
}
