import HTTPCore

extension PageRenderer {
    /// The error page quoting the request's id (set by `IdentifiedResponder`), so a user who
    /// reports a refused form or method can name the request in the logs.
    func errorPage(_ page: ErrorPage, for request: HTTPRequest, secure: Bool) -> HTTPResponse {
        var page = page
        page.requestID = request.headers[RequestID.header] ?? ""
        return errorPage(page, secure: secure)
    }
}
