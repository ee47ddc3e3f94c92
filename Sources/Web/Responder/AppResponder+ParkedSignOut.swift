import Coordinators
import HTTPCore
import HTTPServer
import Services
import Sessions

extension AppResponder {
    /// A sign-out on Redis, parked on its event loop: the user's tabs are saved for their next
    /// sign-in (not waited for, as on a worker) and the session's new id is written in one
    /// transaction on the loop's Redis connection (`SessionStoring.rotate(_:now:on:change:done:)`);
    /// the answer goes out when Redis confirmed it. False when nothing was done (no connection
    /// ready on the loop): the caller signs out blocking, on a worker.
    func signOutOnTheLoop(then target: AppRoute, session: Session, connection: ConnectionInfo, reply: HTTPReply) -> Bool {
        guard let loop = reply.eventLoop, loop.inEventLoop, let sharedState else { return false }
        let send = sharedState.send(on: loop)
        let record = session.record.withLock { $0 }
        guard userNavigation?.save([record], through: send, completion: { _ in }) ?? true else { return false }
        let previous = session.id
        return sessions.rotate(session, now: clock(), on: loop, change: { $0.userID = nil }) { [self] error in
            // The old id dies with the sign-out; the navigation stays with the new visitor id.
            defer { live.sessionEnded(previous, because: "signed-out") }
            if let error { return reply.send(notSaved(error, connection: connection)) }
            var response = redirect(to: target, connection: connection)
            response.headers.add("Set-Cookie", cookie(for: session, connection: connection))
            reply.send(response)
        }
    }
}
