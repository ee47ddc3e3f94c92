extension FormField {
    /// Takes this field's submitted value: trimmed and kept for display, except passwords, which are
    /// returned raw for checking and never echoed back.
    mutating func take(from input: FormInput) -> String {
        let raw = input[name] ?? ""
        error = nil
        if isPassword {
            value = ""
            return raw
        }
        value = FieldRules.trimmed(raw)
        return value
    }

    /// Runs the checks every field shares (required, maximum length) then `rule`; first failure wins.
    mutating func check(_ candidate: String, _ rule: (String) -> String? = { _ in nil }) {
        if isRequired, let message = FieldRules.required(candidate, label: label) {
            error = message
        } else if candidate.isEmpty {
            error = nil
        } else if let message = rule(candidate) {
            error = message
        } else if let message = FieldRules.maximumLength(candidate, maxLength, label: label) {
            error = message
        }
    }
}
