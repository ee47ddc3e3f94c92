import Coordinators
import HTTPCore
import HTTPServer
import Models
import Sessions
import ViewModels

extension AppResponder {
    static let formMediaType = "application/x-www-form-urlencoded"

    /// A form POST. On the event loop only what costs nothing is checked, cheapest first: the media
    /// type, the session (no session, no token the form could match), and the origin. Then the
    /// submission takes its session's turn (`inTurn`: after the session's earlier requests, in
    /// order, and 503 beyond the session's queue). Decoding the body (bounded by
    /// `URLEncodedForm.Limits`), the CSRF check and the submission run on a worker, since they may
    /// write to the disk or the store; a form that may hash a password runs on the hashing lane
    /// instead (503 with `Retry-After` when its queue is full); with Redis, a library form or a
    /// sign-in runs right here on the loop and its Redis calls park (`submitOnTheLoop`). Either way the session's save parks
    /// on the loop (`finishing`), and the turn ends when the answer is out.
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
        let shown = ShownPage.route(of: request)
        let client = countedClient(connection, knownUsername: session.record.withLock { $0.knownUsername })
        inTurn(of: session, reply: reply, secure: secure) { [self] turn in
            let reply = finishing(reply, turn: turn, sessionID: request.cookie(Self.cookieName))
            let work: @Sendable () -> Void = { [self] in
                submission(
                    route, request: request, session: session, turn: turn, shown: shown, client: client, connection: connection,
                    reply: reply)
            }
            if parksOnTheLoop(route, reply: reply) {
                submitOnTheLoop(
                    route, request: request, session: session, turn: turn, shown: shown, client: client, connection: connection,
                    reply: reply)
            } else if route.hashesPasswords {
                // Beyond the hashing lane's queue: "busy, try again" at once, never a wait behind the hashes.
                guard hashingLane.trySubmit(work) else {
                    logger.warning("\(request.method.rawValue) \(request.path): the password-hashing lane is full, answering 503")
                    return reply.send(busy(secure: secure))
                }
            } else {
                onWorker(reply: reply, secure: secure, work)
            }
        }
    }

    /// The submission itself, in the session's turn: decoding, the CSRF check, the coordinator,
    /// and what its outcome means in HTTP (`answer`: with Redis, a sign-in's new id is written on
    /// the loop, not here).
    private func submission(
        _ route: AppRoute, request: HTTPRequest, session: Session, turn: SessionTurn, shown: AppRoute?, client: Client,
        connection: ConnectionInfo, reply: HTTPReply
    ) {
        let fields: FormInput
        switch checkedForm(route, request: request, session: session, turn: turn, connection: connection) {
        case .fields(let input): fields = input
        case .answered(let response): return reply.send(response)
        }
        let digest = SubmissionReceipt.digest(path: request.path, body: request.body)
        do {
            let ((outcome, keptReceipt), changed) = try session.submitting(turn, dependencies) { coordinator in
                if let shown { coordinator.adoptShown(shown, before: route) }
                return try session.once(digest) {
                    try coordinator.submit(route, form: fields, viewer: viewer(of: session), client: client)
                }
            }
            // A new receipt is a change to save, even when the screens stayed where they were.
            if changed || keptReceipt { sessions.markChanged(session) }
            // Its change to the data is durable already: so is the receipt before the answer, or a
            // resend after a crash would make the change again. (Here on a worker or the hashing lane.)
            if keptReceipt { keepDurably(session, request: request) }
            answer(outcome, route: route, session: session, turn: turn, connection: connection, reply: reply)
        } catch {
            // Shared state went away mid-request: the same 503 as before the request began.
            reply.send(failedSubmission(error, request: request, secure: connection.isSecure))
        }
    }

    /// Saves the session with its new receipt now (the embedded store's journal; with Redis,
    /// `finishing` publishes it before the answer). A failed save is logged, not answered: the
    /// change was made, the receipt still holds in memory, and the periodic save tries again.
    private func keepDurably(_ session: Session, request: HTTPRequest) {
        do {
            try sessions.saveNow(session)
        } catch {
            logger.error("\(request.method.rawValue) \(AppRoute.redacting(path: request.path)): its receipt was not saved: \(error)")
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
