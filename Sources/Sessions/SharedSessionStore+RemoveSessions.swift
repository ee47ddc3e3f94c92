import Models
import Networking
import RedisClient

extension SharedSessionStore {
    /// A new password's end of the user's other sessions, parked on `loop`: those held here leave
    /// memory at once, and the revocation script (the user's listed sessions, wherever they are
    /// held) is sent on the loop's Redis connection; `done` runs there when Redis answered. Should
    /// the loop have no connection ready, the script runs blocking on `blockingLane` instead.
    /// False only off the loop or without loop connections at all (nothing changed: the caller
    /// ends them blocking).
    public func removeSessions(
        of user: UserID, keeping: Session, on loop: any EventLoopScheduler, done: @escaping @Sendable ((any Error)?) -> Void
    ) -> Bool {
        guard loop.inEventLoop, let loopClient else { return false }
        let ended = local.removeWithoutWriting(of: user, keeping: keeping)
        let command = shared.endSessionsCommand(of: user, keeping: keeping.id, known: ended)
        let sent = loopClient.send([command], on: loop) { result in
            done(Self.failure {
                guard let reply = try result.get().first else { throw RedisError.server("no reply") }
                try RedisSessionJournal.checkEnded(reply)
            })
        }
        if !sent {
            blockingLane { [shared, id = keeping.id] in
                done(Self.failure { try shared.endSessions(of: user, keeping: id, known: ended) })
            }
        }
        return true
    }

    /// What a change's write came to, as `done` takes it: nil when made, a Redis failure as
    /// `SessionStoreUnavailable`.
    static func failure(_ write: () throws -> Void) -> (any Error)? {
        do {
            try write()
            return nil
        } catch let error as RedisError {
            return SessionStoreUnavailable(error)
        } catch {
            return error
        }
    }
}
