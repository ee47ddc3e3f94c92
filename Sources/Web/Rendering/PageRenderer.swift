import Coordinators
import HTTPCore
import HTTPServer
import Synchronization
import TemplateEngine

/// Turns screens and error pages into HTML responses with the security headers.
///
/// Each page's data is built into a `TemplateData` taken from a small pool, so building allocates
/// nothing once the pool's buffers have grown to a page. The page is rendered straight into the
/// array that becomes the response body, reserved at the size of the largest page so far.
final class PageRenderer: Sendable {
    let templates: TemplateSource
    private let logger: Logger
    private let sizeHint = Atomic<Int>(8192)
    private let pool = Mutex<[TemplateData]>([])
    /// One per event loop and worker is plenty; more only hold memory.
    private static let pooled = 16
    /// A buffer grown past this by an unusual page is dropped instead of kept.
    private static let pooledBytes = 1 << 20

    init(templates: TemplateSource, logger: Logger) {
        self.templates = templates
        self.logger = logger
    }

    /// The screen's page. Throws when the templates and the data disagree (a bug: answer 500).
    func page(_ screen: Screen, csrfToken: String, status: HTTPStatus, secure: Bool) throws(TemplateError) -> HTTPResponse {
        let body = try render(screen.template.rawValue) { screen.addFields(to: &$0, csrfToken: csrfToken) }
        return HTTPResponse(status: status, headers: SecurityHeaders.headers(SecurityHeaders.html, secure: secure), body: body)
    }

    /// The error page in the layout; plain text if even that cannot be rendered.
    func errorPage(_ page: ErrorPage, secure: Bool) -> HTTPResponse {
        renderedErrorPage(page, secure: secure)
            ?? HTTPResponse.text("\(page.status.code) \(page.heading)\n\(page.message)\n", status: page.status)
    }

    /// The error page in the layout, or nil (logged) when the templates cannot render it: the
    /// server's hook for requests it refuses itself, which then keeps its own built-in page.
    func renderedErrorPage(_ page: ErrorPage, secure: Bool) -> HTTPResponse? {
        do {
            let body = try render("error", page.addFields)
            return HTTPResponse(status: page.status, headers: SecurityHeaders.headers(SecurityHeaders.html, secure: secure), body: body)
        } catch {
            logger.error("error page not rendered: \(error)")
            return nil
        }
    }

    private func render(_ template: String, _ build: (inout TemplateData) -> Void) throws(TemplateError) -> [UInt8] {
        var data = pool.withLock { $0.popLast() } ?? TemplateData()
        defer {
            data.removeAll()
            if data.capacityInBytes <= Self.pooledBytes {
                pool.withLock { pool in
                    if pool.count < Self.pooled { pool.append(data) }
                }
            }
        }
        data.setRoot(build)
        var body: [UInt8] = []
        body.reserveCapacity(sizeHint.load(ordering: .relaxed))
        try templates.library.render(template, data, into: &body)
        if body.count > sizeHint.load(ordering: .relaxed) {
            sizeHint.store(min(body.count + body.count / 8, 1 << 20), ordering: .relaxed)
        }
        return body
    }
}
