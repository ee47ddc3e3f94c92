extension TemplateLibrary {
    /// Checks, before anything is rendered, that the templates `required` exist and that every
    /// name any template looks up is one the data can provide (`provides`). A typo such as
    /// `{{titel}}` then stops the start-up at its file:line:column instead of failing a page later.
    /// The implicit iterator `{{.}}` is always allowed.
    public func check(requiring required: [String], provides: (String) -> Bool) throws(TemplateError) {
        for name in required where !contains(name) {
            throw TemplateError(.unknownTemplate, file: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        for lookup in program.lookups {
            let keys = program.keys[Int(lookup.first)..<Int(lookup.first + lookup.count)]
            guard let unknown = keys.first(where: { !provides($0.name) }) else { continue }
            throw TemplateError(
                .missingKey, file: names[Int(lookup.template)], line: Int(lookup.location.line),
                column: Int(lookup.location.column),
                message: "'\(program.name(of: lookup))' names '\(unknown.name)', which no screen's data provides")
        }
    }
}
