#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Coordinators
import HTTPCore
import HTTPServer
import Log
import Models
import Sessions

/// The application behind the static files: cookie → session → route → coordinator → template.
///
/// GET and HEAD run inline on the event loop (rendering takes microseconds); POSTs, which may wait
/// for fsync, run on the worker pool, and those that may hash a password on the hashing lane. Either
/// way a session's coordinator serves one request at a time, in turns its queue hands out
/// (`Session.queue`, `inTurn`), not under a lock held across the work; no lock is shared by all
/// sessions.
final class AppResponder: HTTPResponder {
    static let cookieName = "waypoint_session"

    let dependencies: AppDependencies
    let sessions: any SessionStoring
    let admission: VisitorAdmission
    /// Signed-in users' tabs, brought back at sign-in on any browser.
    let userNavigation: UserNavigation?
    /// IPv6 clients are counted (visitor admission, throttles) per block of this many leading bits.
    let ipv6CountingPrefix: Int
    let renderer: PageRenderer
    let pool: WorkerPool
    /// Password hashing's own lane: small, with a bounded queue (see `submit`).
    let hashingLane: WorkerPool
    /// With Redis: the longest a request may wait for a worker before it answers 503 (nanoseconds).
    let queueWaitLimit: UInt64?
    let logger: Logger
    /// Seconds since 1970.
    let clock: @Sendable () -> Int64
    /// With a shared store (Redis): brings this instance up to date with the others before a
    /// request is served, parked on the request's event loop (see `respondShared`); nil when this
    /// instance is the only one.
    let sharedState: (any SharedStateSynchronizing)?
    let metrics: AppMetrics
    /// The open pages' event streams (`/_events`).
    let live: LiveUpdates
    let readiness: Readiness
    /// What `/metrics` reports from outside the app (the server, the pool); set once the server exists.
    let metricsSources: @Sendable () -> AppMetrics.Sources?

    init(
        dependencies: AppDependencies, sessions: any SessionStoring, userNavigation: UserNavigation? = nil,
        admission: VisitorAdmission,
        ipv6CountingPrefix: Int = 64, renderer: PageRenderer,
        pool: WorkerPool, hashingLane: WorkerPool? = nil, queueWaitLimit: Duration? = nil,
        logger: Logger, clock: @escaping @Sendable () -> Int64,
        sharedState: (any SharedStateSynchronizing)? = nil,
        metrics: AppMetrics = AppMetrics(allowed: []), readiness: Readiness = Readiness(check: { true }),
        live: LiveUpdates = LiveUpdates(),
        metricsSources: @escaping @Sendable () -> AppMetrics.Sources? = { nil }
    ) {
        self.sharedState = sharedState
        self.metrics = metrics
        self.live = live
        self.readiness = readiness
        self.metricsSources = metricsSources
        self.dependencies = dependencies
        self.sessions = sessions
        self.admission = admission
        self.userNavigation = userNavigation
        self.ipv6CountingPrefix = ipv6CountingPrefix
        self.renderer = renderer
        self.pool = pool
        self.hashingLane = hashingLane ?? pool
        self.queueWaitLimit = queueWaitLimit.map { duration in
            let (seconds, attoseconds) = duration.components
            return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        }
        self.logger = logger
        self.clock = clock
    }

    /// `connection` names the client already: the server resolved what a trusted proxy forwarded.
    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply original: HTTPReply) {
        switch request.path {
        case "/healthz":
            return original.labeled(ExchangeLabel("healthz")).send(health(request, secure: connection.isSecure))
        case "/readyz":
            return original.labeled(ExchangeLabel("readyz")).send(ready(request, secure: connection.isSecure))
        case "/metrics" where metrics.mayScrape(connection.remoteAddress):
            return original.labeled(ExchangeLabel("metrics")).send(scrape(request, secure: connection.isSecure))
        default:
            break
        }
        if let sharedState {
            return respondShared(to: request, connection: connection, reply: original, shared: sharedState)
        }
        route(request, connection: connection, reply: original)
    }

    /// Routes a request whose state is up to date: GETs are answered here, POSTs go to a worker.
    /// `admitted`: a cookie-less visitor's admission, when it was counted in advance. `parsed`: the
    /// request's route when the caller parsed it already (`.some(nil)`: it names no screen).
    /// `session`: the cookie's session when the caller looked it up already (nil: look it up).
    /// `readAhead`: what the screen reads from the store, read already (`readingAhead`).
    func route(
        _ request: HTTPRequest, connection: ConnectionInfo, reply original: HTTPReply, admitted: Bool? = nil,
        parsed: (route: AppRoute, label: String, hidesPath: Bool)?? = nil, session: Session? = nil, readAhead: ReadAhead? = nil
    ) {
        if request.path == LiveUpdates.path { return events(request, connection: connection, reply: original) }
        guard let (route, label, hidesPath) = parsed ?? AppRoute.parseLabeled(path: request.path, query: request.query) else {
            if let location = trailingSlashLocation(request) {
                return original.send(canonicalRedirect(to: location, connection: connection))
            }
            return notFound(request, connection: connection, reply: labeling(original, ExchangeLabel("not_found"), request: request, secure: connection.isSecure))
        }
        let reply = labeling(original, ExchangeLabel(label, hidesTarget: hidesPath), request: request, secure: connection.isSecure)
        switch request.method {
        case .get, .head:
            if let location = route.canonicalLocation(path: request.path, query: request.query) {
                return reply.send(canonicalRedirect(to: location, connection: connection))
            }
            show(
                route, request: request, connection: connection, reply: reply, admitted: admitted, session: session,
                readAhead: readAhead)
        case .post where route.acceptsForms:
            submit(route, request: request, connection: connection, reply: reply)
        default:
            var response = renderer.errorPage(.methodNotAllowed, for: request, secure: connection.isSecure)
            response.headers.set("Allow", route.acceptsForms ? "GET, HEAD, POST" : "GET, HEAD")
            reply.send(response)
        }
    }

    /// Liveness for containers: touches no session.
    private func health(_ request: HTTPRequest, secure: Bool) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            var response = renderer.errorPage(.methodNotAllowed, secure: secure)
            response.headers.set("Allow", "GET, HEAD")
            return response
        }
        var response = HTTPResponse.text("ok")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// A GET: a cold visitor gets a new session, kept only if the page exists, the request is a
    /// GET (a HEAD shows nothing worth remembering) and the client has not started too many
    /// sessions lately; otherwise the page is built from a session nobody keeps. Runs here on the
    /// event loop in the session's turn: at once, or after the session's earlier requests (`inTurn`).
    private func show(
        _ route: AppRoute, request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply, admitted counted: Bool?,
        session known: Session?, readAhead: ReadAhead?
    ) {
        let now = clock()
        let secure = connection.isSecure
        if let session = known ?? session(for: request, now: now) {
            return inTurn(of: session, reply: reply, secure: secure, short: true) { [self] turn in
                let response = show(
                    route, session: session, turn: turn, admission: .stored, connection: connection, shown: ShownPage.route(of: request),
                    readAhead: readAhead)
                answer(response, to: reply, ending: turn, sessionID: session.id)
            }
        }
        let admitted = request.method == .get
            && (counted ?? admission.admits(countedClient(connection), now: Date(timeIntervalSince1970: Double(now))))
        let session = sessions.makeSession(now: now)
        if !admitted, let token = VisitorFormCookie.token(in: request, secure: secure) {
            // The forms of a visitor without a session keep one token: any open tab's form still posts.
            session.record.withLock { $0.csrfToken = token }
        }
        // A new session is idle: its turn is taken here and now.
        guard let turn = session.queue.turnIfIdle() else { preconditionFailure("a new session is busy") }
        let response = show(
            route, session: session, turn: turn, admission: admitted ? .admitted : .passing, connection: connection,
            readAhead: readAhead)
        answer(response, to: reply, ending: turn, sessionID: request.cookie(Self.cookieName))
    }

    /// Where a GET's session stands.
    enum Admission {
        /// Known already.
        case stored
        /// New, to be stored (with its cookie) unless the page is a 404.
        case admitted
        /// New and not kept: the page is built without server state.
        case passing
    }

    private func show(
        _ route: AppRoute, session: Session, turn: SessionTurn, admission: Admission, connection: ConnectionInfo,
        shown: AppRoute? = nil, readAhead: ReadAhead?
    ) -> HTTPResponse {
        // Only the decision needs the coordinator; the screen is built from a value copy.
        let viewer = viewer(of: session)
        let (pending, changed) = session.withNavigation(turn, dependencies) { coordinator in
            coordinator.navigate(to: route, viewer: viewer, from: shown)
        }
        let outcome = readAhead.map(pending.outcome(knowing:)) ?? pending.outcome()
        if changed { sessions.markChanged(session) }
        var response = response(for: outcome, route: route, session: session, turn: turn, connection: connection)
        switch admission {
        // A page that exists, not a 404 nor another name of a screen (`/library`'s 308).
        case .admitted where response.status != .notFound && response.status != .permanentRedirect:
            sessions.insert(session, now: clock())
            response.headers.add("Set-Cookie", cookie(for: session, connection: connection))
        case .stored:
            refreshCookie(of: session, in: &response, connection: connection)
        case .passing where route.acceptsVisitorForms && response.status != .notFound:
            response.headers.add(
                "Set-Cookie",
                VisitorFormCookie.header(token: session.record.withLock { $0.csrfToken }, secure: connection.isSecure))
        case .admitted, .passing:
            break
        }
        return response
    }

    /// A URL that names no screen: the 404 page with the nearest screen that exists. No session is
    /// made for it; a known session's viewer is used for the chrome.
    private func notFound(_ request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        let session = session(for: request, now: clock())
        let viewer = session.map(viewer(of:)) ?? .visitor()
        let outcome = AppCoordinator(dependencies: dependencies)
            .notFound(path: request.path, query: request.query, viewer: viewer)
        let token = session?.record.withLock { $0.csrfToken } ?? ""
        reply.send(page(outcome.screen, csrfToken: token, connection: connection))
    }

    /// The session named by the request's cookie, if it is live.
    func session(for request: HTTPRequest, now: Int64) -> Session? {
        guard let id = request.cookie(Self.cookieName) else { return nil }
        return sessions.session(id: id, now: now)
    }

    /// Who is looking: the signed-in user as stored now (settings may have changed), else a visitor.
    func viewer(of session: Session) -> Viewer {
        let (userID, settings) = session.record.withLock { ($0.userID, $0.settings) }
        if let userID, let user = dependencies.accounts.user(userID) { return .signedIn(user) }
        return .visitor(settings)
    }

    /// The session cookie, living as long as an idle session does (30 days by default), so a
    /// browser restart keeps everyone's place. Re-sent once a day while the session is in use, so
    /// it slides with the server's idle timeout.
    /// The cookie lives as long as its session may idle: a day for a visitor, 30 days signed in.
    func cookie(for session: Session, connection: ConnectionInfo) -> String {
        let signedIn = session.record.withLock { record in
            record.cookieIssued = clock()
            return record.userID != nil
        }
        return SetCookie(
            name: Self.cookieName, value: session.id, path: "/", maxAge: Int(sessions.configuration.timeout(signedIn: signedIn)),
            httpOnly: true, secure: connection.isSecure, sameSite: .lax
        ).headerValue
    }

    /// Adds the session cookie again when the one the browser holds has lived half its life (at most
    /// a day): a session in use never outlives its cookie.
    func refreshCookie(of session: Session, in response: inout HTTPResponse, connection: ConnectionInfo) {
        let (issued, signedIn) = session.record.withLock { ($0.cookieIssued ?? 0, $0.userID != nil) }
        let refreshAfter = min(24 * 3600, sessions.configuration.timeout(signedIn: signedIn) / 2)
        guard clock() - issued >= refreshAfter, !response.headers.contains("Set-Cookie") else { return }
        response.headers.add("Set-Cookie", cookie(for: session, connection: connection))
    }
}
