import HTTPCore
import HTTPServer
import Sessions

extension AppResponder {
    /// Runs `job` in one of `session`'s turns: at once when the session is free, else after its
    /// earlier requests, on this request's event loop (or on a worker, when it was queued from one). A
    /// session with `SessionStore.Configuration.queueLimit` requests waiting already, or (with
    /// Redis) a job that waited longer than `queueWaitLimit` behind a slow one, answers 503 with
    /// `Retry-After`: a session's requests never add up their waits.
    /// `short`: a page's decision, which runs at once beside the session's other pages unless a
    /// form (an exclusive job) holds or waits for the session.
    func inTurn(
        of session: Session, reply: HTTPReply, secure: Bool, short: Bool = false,
        _ job: @escaping @Sendable (SessionTurn) -> Void
    ) {
        if let turn = short ? session.queue.shortTurnIfFree() : session.queue.turnIfIdle() { return job(turn) }
        let queued = session.queue.enqueue(on: executor(for: reply)) { [self] turn, waited in
            if sharedState != nil, let limit = queueWaitLimit, waited > .nanoseconds(Int64(clamping: limit)) {
                turn.end()
                logger.warning("a request waited over \(limit / 1_000_000) ms behind its session's earlier ones, answering 503")
                return reply.send(unavailable(secure: secure))
            }
            job(turn)
        }
        guard queued else {
            logger.warning("a session has \(session.queue.limit) requests waiting already, answering 503")
            return reply.send(unavailable(secure: secure))
        }
    }

    /// Where a queued job runs when its turn comes: the event loop it was queued on, or the
    /// workers when it was queued from one (it may block there, as it would have at once).
    private func executor(for reply: HTTPReply) -> SessionQueue.Executor {
        if let loop = reply.eventLoop, loop.inEventLoop { return { loop.execute($0) } }
        return { [pool] job in pool.submit(job) }
    }

    /// Sends `response` and ends the turn: `finishing`'s effect without a wrapping reply, for a job
    /// that has its answer in hand.
    func answer(
        _ response: HTTPResponse, to reply: HTTPReply, ending turn: SessionTurn, sessionID: @autoclosure () -> String?
    ) {
        guard sharedState != nil else {
            reply.send(response)
            return turn.end()
        }
        saveThenSend(response, to: reply, ending: turn, sessionID: sessionID())
    }

    /// The reply a job answers through: it ends the job's turn once the answer is out. With Redis,
    /// the request's session changes (or the session it started, named by the cookie it sets) are
    /// saved first (`SessionStore.publishChanges`), so the browser's next request finds them on any
    /// instance, and the session's next request starts from what was saved. The save parks on the
    /// request's event loop, also for a job that ran on a worker (it hops back to the loop): no
    /// thread waits for it. Only while the loop has no Redis connection ready does a worker save,
    /// blocking.
    func finishing(_ reply: HTTPReply, turn: SessionTurn, sessionID: String?) -> HTTPReply {
        guard sharedState != nil else {
            return HTTPReply(forwardingStreamsTo: reply, labeled: { response, label in
                (label.map(reply.labeled) ?? reply).send(response)
                turn.end()
            })
        }
        return HTTPReply(forwardingStreamsTo: reply, labeled: { [self] response, label in
            // The label the answer was sent with goes on with it.
            saveThenSend(response, to: label.map(reply.labeled) ?? reply, ending: turn, sessionID: sessionID)
        })
    }

    /// With Redis: saves the session changes of `sessionID` and of the session `response`'s cookie
    /// starts, then sends `response` and ends `turn` (see `finishing`).
    private func saveThenSend(_ response: HTTPResponse, to reply: HTTPReply, ending turn: SessionTurn, sessionID: String?) {
        var ids = sessionID.map { [$0] } ?? []
        for value in response.headers.values(for: "Set-Cookie") where value.hasPrefix(Self.cookieName + "=") {
            ids.append(String(value.dropFirst(Self.cookieName.count + 1).prefix { $0 != ";" }))
        }
        let answer: @Sendable (Error?) -> Void = { [self] error in
            if let error {
                logger.warning("session not saved to the shared store (the periodic save retries): \(error)")
            }
            reply.send(response)
            turn.end()
        }
        guard let loop = reply.eventLoop else { return sessions.publishChanges(of: ids, on: nil, done: answer) }
        if loop.inEventLoop { return sessions.publishChanges(of: ids, on: loop, done: answer) }
        loop.execute { [self, ids] in sessions.publishChanges(of: ids, on: loop, done: answer) }
    }
}
