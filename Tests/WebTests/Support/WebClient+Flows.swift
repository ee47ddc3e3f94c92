import Testing

extension WebClient {
    /// Fetches `page` for its CSRF token, then posts `form` (with the token) to `target`.
    func submit(_ target: String, form: [(String, String)], from page: String? = nil) throws -> Response {
        let token = try get(page ?? target).csrfToken ?? ""
        return try post(target, form: [("csrfToken", token)] + form)
    }

    /// Signs in as the demo user; returns the answer to the POST.
    @discardableResult
    func signIn(next: String? = nil, username: String = "demo", password: String = "demo-password") throws -> Response {
        let target = next.map { "/login?next=" + WebClient.encode($0) } ?? "/login"
        return try submit(target, form: [("username", username), ("password", password)])
    }
}
