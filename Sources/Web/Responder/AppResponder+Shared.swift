import Coordinators
import HTTPCore
import HTTPServer
import Models
import Networking
import Sessions

extension AppResponder {
    /// With state in Redis, every page first costs one pipelined round trip (`SharedState`: the
    /// shared version, the session's version or record, and a cookie-less visitor's admission
    /// count), and one more when it changed the session (`finishing`).
    ///
    /// How the request waits: it *parks*. Its questions go out on its event loop's own pipelined
    /// Redis connection (`RedisLoopClient`) with a callback, and the loop goes on serving others;
    /// when the replies are in, the callback resumes the request on that same loop, where the page
    /// is decided and rendered as on the embedded store. No thread waits: what needs more round
    /// trips (a reload, a session saved elsewhere, a stale cookie's admission, a screen's own read
    /// of the store: `readingAhead`) parks again. Only what the loop's connection cannot take more
    /// sends for goes to a worker. A session's requests take turns (`inTurn`): one waiting for Redis holds no lock. Redis failing or
    /// silent past its reply timeout: 503 with `Retry-After`, and the next request tries again.
    func respondShared<Shared: SharedStateSynchronizing>(
        to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply, shared: Shared
    ) {
        let sessionID = request.cookie(Self.cookieName)
        // Counted in advance only when the cookie names no session to look up (see `question`):
        // a page with a session cookie does not parse its route for this.
        let admitting = sessionID.map(SessionStore.isWellFormed) != true && mayStartSession(request)
            ? countedClient(connection) : nil
        let now = clock()
        if let loop = reply.eventLoop {
            let question = shared.question(sessionID: sessionID, admitting: admitting, now: now)
            let parked = shared.ask(question, on: loop) { [self] result in
                resume(request, connection: connection, reply: reply, shared: shared, question: question, result: result, now: now)
            }
            if parked { return }
        }
        onWorker(reply: reply, secure: connection.isSecure) { [self] in
            let prepared: SharedStatePrepared
            do {
                prepared = try shared.prepare(sessionID: sessionID, admitting: admitting, now: now)
            } catch {
                logger.warning("shared state unavailable, answering 503: \(error)")
                return reply.send(unavailable(secure: connection.isSecure))
            }
            route(request, connection: connection, reply: reply, admitted: prepared.admitted)
        }
    }

    /// A parked request's replies are in: on its event loop, it is settled and served (`serve`).
    ///
    /// When another instance wrote, its writes are read from the change log in one more round trip
    /// parked on the loop and applied there (each costs what it changed). What settling needs
    /// beyond that parks too (`SharedStateSynchronizing.settle(_:replies:now:on:offLoop:done:)`):
    /// when the log cannot tell the writes, the snapshot (decoded on a worker, its replies in
    /// hand: no thread waits for Redis); a session another instance saved newer, its record.
    private func resume<Shared: SharedStateSynchronizing>(
        _ request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply, shared: Shared,
        question: Shared.Question, result: Result<Shared.Replies, Shared.Failure>, now: Int64, caughtUp: Bool = false
    ) {
        if !caughtUp, case .success(let replies) = result, let loop = reply.eventLoop {
            let sent = shared.catchUp(after: replies, on: loop) { [self] in
                resume(
                    request, connection: connection, reply: reply, shared: shared, question: question, result: result,
                    now: now, caughtUp: true)
            }
            if sent { return }
        }
        let prepared: SharedStatePrepared?
        let replies: Shared.Replies
        do {
            replies = try result.get()
            prepared = try shared.settleWithoutWaiting(question, replies: replies, now: now)
        } catch {
            logger.warning("shared state unavailable, answering 503: \(error)")
            return reply.send(unavailable(secure: connection.isSecure))
        }
        if prepared == nil, let loop = reply.eventLoop {
            // A reload or a session's newer record: parked too; only the decoding of a reload runs
            // on a worker, with its replies in hand.
            return shared.settle(question, replies: replies, now: now, on: loop, offLoop: { [pool] in pool.submit($0) }) {
                [self] settled in
                switch settled {
                case .success(let prepared):
                    serve(
                        request, connection: connection, reply: reply, shared: shared, question: question, replies: replies,
                        now: now, prepared: prepared)
                case .failure(let error):
                    logger.warning("shared state unavailable, answering 503: \(error)")
                    reply.send(unavailable(secure: connection.isSecure))
                }
            }
        }
        serve(
            request, connection: connection, reply: reply, shared: shared, question: question, replies: replies, now: now,
            prepared: prepared)
    }

    /// A settled request (`prepared`; nil: settling must block, on a worker) is served on its loop.
    /// When a cookie names a session nobody holds and the request would start one, its admission
    /// is counted in one more round trip parked on the loop; when the screen reads the store itself
    /// (`readsStoreWhenShown`), that read parks too (`readingAhead`). Either on a worker only when
    /// the loop cannot take the send.
    private func serve<Shared: SharedStateSynchronizing>(
        _ request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply, shared: Shared,
        question: Shared.Question, replies: Shared.Replies, now: Int64, prepared: SharedStatePrepared?
    ) {
        // The route is parsed and the cookie's session (the probe's) looked up once here, and both
        // handed on. A session held here (the usual case) settles `countsLater` without the route.
        let parsed = AppRoute.parseLabeled(path: request.path, query: request.query)
        let held = shared.probedSessionID(question).flatMap { sessions.session(id: $0, now: now) }
        let countsLater = held == nil && shared.countsAdmissionLater(question) && mayStartSession(request, route: parsed?.route)
        let readsStore = parsed?.route.readsStoreWhenShown ?? false
        if prepared != nil, countsLater, let loop = reply.eventLoop {
            let counted = shared.countAdmission(countedClient(connection), now: now, on: loop) { [self] admitted in
                guard readsStore, let parsed else {
                    return route(request, connection: connection, reply: reply, admitted: admitted, parsed: .some(parsed))
                }
                if !readingAhead(request, parsed: parsed, connection: connection, reply: reply, admitted: admitted, session: nil) {
                    onWorker(reply: reply, secure: connection.isSecure) { [self] in
                        route(request, connection: connection, reply: reply, admitted: admitted, parsed: .some(parsed))
                    }
                }
            }
            if counted { return }
        }
        if let prepared, !countsLater, !readsStore || request.method == .post {
            return route(
                request, connection: connection, reply: reply, admitted: prepared.admitted, parsed: .some(parsed),
                session: held)
        }
        if let prepared, !countsLater, let parsed,
            readingAhead(request, parsed: parsed, connection: connection, reply: reply, admitted: prepared.admitted, session: held)
        {
            return
        }
        onWorker(reply: reply, secure: connection.isSecure) { [self] in
            let prepared: SharedStatePrepared
            do {
                prepared = try shared.settle(question, replies: replies, now: now)
            } catch {
                logger.warning("shared state unavailable, answering 503: \(error)")
                return reply.send(unavailable(secure: connection.isSecure))
            }
            route(request, connection: connection, reply: reply, admitted: prepared.admitted)
        }
    }

    /// Runs `work` on the workers. With Redis, a request that waited there longer than
    /// `queueWaitLimit` answers 503 with `Retry-After` instead: while Redis
    /// hangs every worker waits out a reply timeout, and without this bound the queue behind them
    /// would make requests wait many timeouts. So no request waits much longer than the reply
    /// timeout plus the limit, whatever the queue.
    func onWorker(
        reply: HTTPReply, secure: Bool, _ work: @escaping @Sendable () -> Void
    ) {
        guard sharedState != nil, let limit = queueWaitLimit else { return pool.submit(work) }
        let queued = MonotonicClock.now()
        pool.submit { [self] in
            guard MonotonicClock.now() &- queued <= limit else {
                logger.warning("a request waited over \(limit / 1_000_000) ms for a worker, answering 503")
                return reply.send(unavailable(secure: secure))
            }
            work()
        }
    }

    /// Whether a request without a session would start one: a GET of a screen's printed URL
    /// (redirects, 404s and HEADs never do).
    func mayStartSession(_ request: HTTPRequest) -> Bool {
        guard request.method == .get else { return false }
        return mayStartSession(request, route: AppRoute.parse(path: request.path, query: request.query))
    }

    /// `mayStartSession` with the request's route parsed already (nil: it names no screen).
    func mayStartSession(_ request: HTTPRequest, route: AppRoute?) -> Bool {
        guard request.method == .get, let route else { return false }
        return route.canonicalLocation(path: request.path, query: request.query) == nil
    }

    /// The hashing lane is full: a sign-in or registration is turned away before it waits.
    func busy(secure: Bool) -> HTTPResponse {
        var response = renderer.errorPage(.busy, secure: secure)
        response.headers.set("Retry-After", "1")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    func unavailable(secure: Bool) -> HTTPResponse {
        var response = renderer.errorPage(.storeUnavailable, secure: secure)
        response.headers.set("Retry-After", "2")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
