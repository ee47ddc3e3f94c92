import Coordinators
import HTTPCore
import HTTPServer
import Log
import Synchronization
import TemplateEngine

/// Turns screens and error pages into HTML responses with the security headers.
///
/// Each page's data is built flat into a `TemplateData` and rendered straight into the array that
/// becomes the response body; both are sized from the largest page so far, so neither regrows.
final class PageRenderer: Sendable {
    let templates: TemplateSource
    private let logger: Logger
    private let sizeHint = Atomic<Int>(8192)
    /// Parts of pages rendered apart and kept while they stay the same.
    private let kept = KeptFragments()

    init(templates: TemplateSource, logger: Logger) {
        self.templates = templates
        self.logger = logger
    }

    /// The screen's page. Throws when the templates and the data disagree (a bug: answer 500).
    /// `csrfToken` is the session's secret; the page carries it masked afresh (see `CSRFToken`).
    /// `live`: this session's open event streams and the events sent to them, for the inspector.
    func page(
        _ screen: Screen, csrfToken: String, status: HTTPStatus, secure: Bool, live: (open: Int, sent: Int)? = nil
    ) throws(TemplateError) -> HTTPResponse {
        if let problem = templates.problem { throw problem }
        let masked = CSRFToken.masked(csrfToken)
        let library = templates.library
        let fragments = try kept.fragments(of: screen, library: library, keep: !templates.reloads)
        let body = try render(screen.template.rawValue, library: library) { data in
            screen.addFields(to: &data, csrfToken: masked, fragments: fragments)
            if let live {
                data.add(Keys.liveStreams, live.open)
                data.add(Keys.liveEventsSent, live.sent)
            }
        }
        return HTTPResponse(status: status, headers: SecurityHeaders.headers(SecurityHeaders.html, secure: secure), body: body)
    }

    /// False while a template edit does not compile (development mode's reloads).
    var templatesLoaded: Bool { templates.problem == nil }

    /// Renders the error page once, so a template that cannot show it stops the start-up instead of
    /// every error answering in plain text.
    func checkErrorPage() throws(TemplateError) {
        _ = try render("error") { ErrorPage.internalServerError.addFields(to: &$0) }
    }

    /// The error page in the layout; plain text if even that cannot be rendered.
    func errorPage(_ page: ErrorPage, secure: Bool) -> HTTPResponse {
        renderedErrorPage(page, secure: secure)
            ?? HTTPResponse.text("\(page.status.code) \(page.heading)\n\(page.message)\n", status: page.status)
    }

    /// The error page in the layout, or nil (logged) when the templates cannot render it: the
    /// server's hook for requests it refuses itself, which then keeps its own built-in page.
    func renderedErrorPage(_ page: ErrorPage, secure: Bool) -> HTTPResponse? {
        // In development a broken template edit is named on every 500, with the templates before it.
        var page = page
        if page.status == .internalServerError, let problem = templates.problem {
            page.message = "A template does not compile: \(problem)"
        }
        do {
            let body = try render("error") { page.addFields(to: &$0) }
            return HTTPResponse(status: page.status, headers: SecurityHeaders.headers(SecurityHeaders.html, secure: secure), body: body)
        } catch {
            logger.error("error page not rendered: \(error)")
            return nil
        }
    }

    private func render(
        _ template: String, library: TemplateLibrary? = nil, _ build: (inout TemplateData) -> Void
    ) throws(TemplateError) -> [UInt8] {
        let hint = sizeHint.load(ordering: .relaxed)
        var data = TemplateData(expectedBytes: hint / 2)
        data.setRoot(build)
        let body = try (library ?? templates.library).render(template, data, expectedBytes: hint)
        if body.count > sizeHint.load(ordering: .relaxed) {
            sizeHint.store(min(body.count + body.count / 8, 1 << 20), ordering: .relaxed)
        }
        return body
    }
}
