import Coordinators
import HTTPCore
import HTTPServer
import Models
import Services
import Sessions

extension AppResponder {
    /// A form's outcome answered, from the worker or the hashing lane that ran the form. With
    /// Redis, a sign-in (after its password was checked there) goes back to its event loop for its
    /// Redis round trips: the user's saved tabs are read and the session's new id written on the
    /// loop's connection (`signInOnTheLoop`), so the lane's thread is free for the next hash.
    func answer(
        _ outcome: NavigationOutcome, route: AppRoute, session: Session, turn: SessionTurn, connection: ConnectionInfo,
        reply: HTTPReply
    ) {
        guard case .signIn(let user, let target) = outcome, sharedState != nil, let loop = reply.eventLoop, !loop.inEventLoop else {
            return reply.send(response(for: outcome, route: route, session: session, turn: turn, connection: connection))
        }
        let posted = loop.execute { [self] in
            if signInOnTheLoop(
                user, then: target, endingOtherSessions: Self.endsOtherSessions(route), session: session, turn: turn,
                connection: connection, reply: reply)
            {
                return
            }
            onWorker(reply: reply, secure: connection.isSecure) { [self] in
                reply.send(response(for: outcome, route: route, session: session, turn: turn, connection: connection))
            }
        }
        if !posted { reply.send(response(for: outcome, route: route, session: session, turn: turn, connection: connection)) }
    }

    /// A new password also ends the user's other sessions.
    static func endsOtherSessions(_ route: AppRoute) -> Bool {
        if case .account(.resetPassword) = route { return true }
        return false
    }

    /// On the loop: the user's tabs from their last session (`UserNavigation`), read through the
    /// loop's Redis connection, are adopted, then the session's new id is written there too
    /// (`SessionStoring.rotate(_:now:on:change:done:)`), and after a new password the user's
    /// other sessions are ended there as well (`SessionStoring.removeSessions(of:keeping:on:done:)`).
    /// False when nothing was sent.
    func signInOnTheLoop(
        _ user: User, then target: AppRoute, endingOtherSessions: Bool = false, session: Session, turn: SessionTurn,
        connection: ConnectionInfo, reply: HTTPReply
    ) -> Bool {
        guard let loop = reply.eventLoop, loop.inEventLoop, let sharedState else { return false }
        let send = sharedState.send(on: loop)
        let rotate: @Sendable () -> Bool = { [self] in
            let previous = session.id
            return sessions.rotate(session, now: clock(), on: loop, change: { record in
                record.userID = user.id
                record.knownUsername = user.username
            }) { [self] error in
                defer { live.sessionEnded(previous, because: "signed-in") }
                if let error { return reply.send(notSaved(error, connection: connection)) }
                let answer: @Sendable ((any Error)?) -> Void = { [self] error in
                    if let error { return reply.send(notSaved(error, connection: connection)) }
                    var response = redirect(to: target, connection: connection)
                    response.headers.add("Set-Cookie", cookie(for: session, connection: connection))
                    reply.send(response)
                }
                guard endingOtherSessions else { return answer(nil) }
                // A new password shuts out whoever knew the old one.
                if sessions.removeSessions(of: user.id, keeping: session, on: loop, done: answer) { return }
                // Rotated off the loop (no connection was ready): ended blocking there too.
                do {
                    try sessions.removeSessions(of: user.id, keeping: session)
                    answer(nil)
                } catch {
                    answer(error)
                }
            }
        }
        guard let userNavigation else { return rotate() }
        return userNavigation.navigation(of: user.id, through: send) { [self] saved in
            if let saved {
                _ = session.withNavigation(turn, dependencies) { $0.adoptTabs(from: saved) }
            }
            if !rotate() { reply.send(unavailable(secure: connection.isSecure)) }
        }
    }
}
