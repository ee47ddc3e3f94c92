extension FormField {
    /// Takes this field's submitted value and refuses it outright when it breaks the field's byte cap
    /// or holds a control character, or (unless secret) shows nothing at all. The cap is checked first (counting UTF-8 bytes costs nothing),
    /// so trimming and every later check only ever see a bounded value. Non-secret values are kept
    /// for display, trimmed: an over-long one is dropped rather than echoed, one with controls is
    /// shown without them. Secrets are returned raw for checking and never kept.
    mutating func take(from input: FormInput) -> String {
        let raw = input[name] ?? ""
        error = nil
        value = ""
        guard raw.utf8.count <= rules.maximumBytes else {
            error = rules.tooLong(label: label)
            return ""
        }
        let candidate = rules.isSecret ? raw : FieldRules.trimmed(raw)
        if rules.containsControlCharacters(candidate) {
            error = FieldRules.controlCharacters(label: label)
            if !rules.isSecret { value = FieldRules.trimmed(rules.removingControlCharacters(candidate)) }
            return value
        }
        if !rules.isSecret && !candidate.isEmpty && FieldRules.isInvisible(candidate) {
            error = FieldRules.invisibleOnly(label: label)
            return ""
        }
        if !rules.isSecret { value = candidate }
        return candidate
    }

    /// Runs the checks every field shares (required, the format its rules name, then `rule`, then the
    /// length in characters); first failure wins. A value `take` already refused stays refused.
    mutating func check(_ candidate: String, _ rule: (String) -> String? = { _ in nil }) {
        guard error == nil else { return }
        if isRequired, let message = FieldRules.required(candidate, label: label) {
            error = message
        } else if candidate.isEmpty {
            error = nil
        } else if let message = rules.formatError(candidate) ?? rule(candidate) {
            error = message
        } else if let message = FieldRules.maximumLength(candidate, rules.maximumCharacters, label: label) {
            error = message
        }
    }
}
