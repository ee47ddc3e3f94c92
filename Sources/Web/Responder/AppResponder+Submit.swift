import Coordinators
import HTTPCore
import HTTPServer
import Models
import RedisClient
import Sessions
import ViewModels

extension AppResponder {
    static let formMediaType = "application/x-www-form-urlencoded"

    /// A form POST. On the event loop only what costs nothing is checked, cheapest first: the media
    /// type, the session (no session, no token the form could match), and the origin. Decoding the
    /// body (bounded by `URLEncodedForm.Limits`), the CSRF check and the submission run on a worker,
    /// after the session's earlier requests, since they may wait for the disk or Redis; a form that
    /// may hash a password runs on the hashing lane instead, and when its queue is full the answer
    /// is 503 with `Retry-After`.
    func submit(_ route: AppRoute, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        let secure = connection.isSecure
        guard Self.isForm(request.headers["Content-Type"]) else {
            return reply.send(renderer.errorPage(.unsupportedMediaType, for: request, secure: secure))
        }
        guard let session = session(for: request, now: clock()) ?? visitorSession(for: route, request: request, secure: secure) else {
            return reply.send(renderer.errorPage(.forbidden, for: request, secure: secure))
        }
        guard Self.isSameOrigin(request) else {
            return reply.send(renderer.errorPage(.forbidden, for: request, secure: secure))
        }
        let body = request.body
        let shown = ShownPage.route(of: request)
        let client = countedClient(connection, knownUsername: session.record.withLock { $0.knownUsername })
        session.beginSlowWork()
        let work: @Sendable () -> Void = { [self] in
            defer { session.endSlowWork() }
            let form: FormData
            do {
                form = try FormData(decoding: body)
            } catch {
                return reply.send(renderer.errorPage(.badRequest, for: request, secure: secure))
            }
            guard CSRFToken.matchesMasked(form["csrfToken"] ?? "", session.record.withLock { $0.csrfToken }) else {
                return reply.send(expiredForm(route, form: form, request: request, session: session, connection: connection))
            }
            var input: FormInput = [:]
            for (name, value) in form.pairs where name != "csrfToken" && input[name] == nil {
                input[name] = value
            }
            let fields = input
            let digest = SubmissionReceipt.digest(path: request.path, body: body)
            let response: HTTPResponse
            do {
                let ((outcome, keptReceipt), changed) = try session.withNavigation(dependencies) { coordinator in
                    if let shown { coordinator.adoptShown(shown, before: route) }
                    return try session.once(digest) {
                        try coordinator.submit(route, form: fields, viewer: viewer(of: session), client: client)
                    }
                }
                // A new receipt is a change to save, even when the screens stayed where they were.
                if changed || keptReceipt { sessions.markChanged(session) }
                response = self.response(for: outcome, route: route, session: session, connection: connection)
            } catch let error as RedisError {
                // Shared state went away mid-request: the same 503 as before the request began.
                logger.warning("\(request.method.rawValue) \(AppRoute.redacting(path: request.path)): shared state unavailable, answering 503: \(error)")
                response = unavailable(secure: secure)
            } catch {
                logger.error("\(request.method.rawValue) \(AppRoute.redacting(path: request.path)) failed: \(error)")
                response = renderer.errorPage(.internalServerError, secure: secure)
            }
            reply.send(response)
        }
        if route.hashesPasswords {
            // Beyond the hashing lane's queue: "busy, try again" at once, never a wait behind the hashes.
            guard hashingLane.trySubmit(work) else {
                session.endSlowWork()
                logger.warning("\(request.method.rawValue) \(request.path): the password-hashing lane is full, answering 503")
                return reply.send(busy(secure: secure))
            }
        } else {
            onWorker(reply: reply, secure: secure, dropped: { session.endSlowWork() }, work)
        }
    }

    /// A browser says where a form came from: `Sec-Fetch-Site` (modern browsers) or `Origin`. A
    /// cross-site form is refused before its body is read; a request with neither header (an older
    /// browser, a script) is left to the CSRF token.
    static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased() {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers["Origin"], origin != "null" else { return true }
        guard let host = request.headers["Host"], let separator = origin.firstRange(of: "://") else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }

    /// `application/x-www-form-urlencoded`, with or without parameters such as a charset.
    static func isForm(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingSpaces.lowercased() == formMediaType
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " || result.first == "\t" { result = result.dropFirst() }
        while result.last == " " || result.last == "\t" { result = result.dropLast() }
        return result
    }
}
