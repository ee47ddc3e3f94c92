extension FormState {
    /// Takes the field called `name` from `input` and checks it against its rules, then `rule`.
    /// Returns the value to use, meaningful only if the form ends up valid.
    mutating func take(_ name: String, from input: FormInput, _ rule: (String) -> String? = { _ in nil }) -> String {
        let index = index(of: name)
        let candidate = fields[index].take(from: input)
        fields[index].check(candidate, rule)
        return candidate
    }

    /// Puts `message` on the field called `name` (e.g. a taken username found only on saving).
    mutating func refuse(_ name: String, _ message: String) {
        fields[index(of: name)].error = message
    }

    /// The position of a field the form itself declared; any other name is a programming error.
    private func index(of name: String) -> Int {
        guard let index = fields.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("The form has no field called \(name)")
        }
        return index
    }
}
