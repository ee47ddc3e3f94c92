import Networking
import RedisClient

extension SharedSessionStore {
    /// A sign-in's or sign-out's new id, parked on `loop`: the session is rotated in memory and
    /// its transaction (the new key, the old one gone) sent on the loop's Redis connection;
    /// `done` runs there when Redis answered. Should the loop have no connection ready, the
    /// transaction is written blocking on `blockingLane` instead. False only without loop
    /// connections at all (nothing changed: the caller rotates blocking on a worker).
    public func rotate(
        _ session: Session, now: Int64, on loop: any EventLoopScheduler, change: (inout SessionRecord) -> Void,
        done: @escaping @Sendable ((any Error)?) -> Void
    ) -> Bool {
        guard loop.inEventLoop, let loopClient else { return false }
        let (record, old) = local.rotateWithoutWriting(session, now: now, change: change)
        let commands: [RedisCommand]
        do {
            guard let made = try shared.writeCommands(records: [record], ending: [old]) else {
                done(nil)
                return true
            }
            commands = made
        } catch {
            done(error)
            return true
        }
        let sent = loopClient.send(commands, on: loop) { result in
            done(Self.failure { try RedisSessionJournal.checkWritten(try result.get()) })
        }
        // No connection on this loop right now: the rotation is made, so write it blocking.
        if !sent {
            blockingLane { [shared] in
                done(Self.failure { try shared.write(records: [record], ending: [old]) })
            }
        }
        return true
    }
}
