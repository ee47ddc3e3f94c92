import TestSupport

extension TestResponse {
    /// The CSRF token of the page's forms.
    var csrfToken: String? {
        guard let range = text.range(of: #"name="csrfToken" value=""#) else { return nil }
        let rest = text[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
