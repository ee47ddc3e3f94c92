import Models
import Networking

/// What the web layer asks of the sessions, whichever store keeps them: `SessionStore` on the
/// embedded store (one instance, sessions in memory and in the data folder's journal), or
/// `SharedSessionStore` when instances share them through Redis. The web layer never sees which,
/// nor Redis.
public protocol SessionStoring: AnyObject, Sendable {
    var configuration: SessionStore.Configuration { get }
    /// A new visitor session, not yet stored (see `insert`).
    func makeSession(now: Int64) -> Session
    /// The live session with this id, marked as used now; nil when unknown or expired.
    func session(id: String, now: Int64) -> Session?
    /// Stores a session in its pool (signed-in or visitor).
    func insert(_ session: Session, now: Int64)
    /// The session's navigation or last use changed: saved by the next save.
    func markChanged(_ session: Session)
    /// Gives `session` a fresh id and CSRF token, durably (a sign-in or sign-out). Throws
    /// `SessionStoreUnavailable` when the shared store cannot be reached.
    func rotate(_ session: Session, now: Int64, change: (inout SessionRecord) -> Void) throws
    /// `rotate` for a request on `loop` that parks: `done` runs once on the loop when the change
    /// is durable (or failed, `SessionStoreUnavailable`). False when nothing was done: the caller
    /// rotates blocking, on a worker (the embedded store's journal, or no Redis connection ready).
    func rotate(
        _ session: Session, now: Int64, on loop: any EventLoopScheduler, change: (inout SessionRecord) -> Void,
        done: @escaping @Sendable ((any Error)?) -> Void
    ) -> Bool
    /// Ends every session of `user` except `keeping`, durably, here and on other instances.
    func removeSessions(of user: UserID, keeping: Session) throws
    /// `removeSessions` for a request on `loop` that parks: `done` runs once on the loop when the
    /// sessions are ended (or failed, `SessionStoreUnavailable`). False when nothing was done: the
    /// caller ends them blocking, off the loop (the embedded store's journal).
    func removeSessions(
        of user: UserID, keeping: Session, on loop: any EventLoopScheduler, done: @escaping @Sendable ((any Error)?) -> Void
    ) -> Bool
    /// Every session held here.
    func allSessions() -> [Session]
    var count: Int { get }
    var signedInCount: Int { get }
    /// Makes what a request changed in these sessions visible to the other instances before its
    /// answer leaves; `done` runs when that is done (with the failure, if any: the periodic save
    /// retries). Called on `loop` when given, and `done` runs there without a thread waiting.
    func publishChanges(of ids: [String], on loop: (any EventLoopScheduler)?, done: @escaping @Sendable (Error?) -> Void)
    /// Makes the session as it is now durable before the caller answers (a form's receipt):
    /// blocking, so never on an event loop. With shared sessions there is nothing to do here:
    /// `publishChanges` saves a request's session before every answer.
    func saveNow(_ session: Session) throws
}

/// The shared store could not be reached for a change that must be durable before it is
/// acknowledged (a sign-in or sign-out): the request answers 503 and may be tried again.
public struct SessionStoreUnavailable: Error, CustomStringConvertible {
    public let underlying: any Error

    public init(_ underlying: any Error) {
        self.underlying = underlying
    }

    public var description: String { "the shared session store is unavailable: \(underlying)" }
}

extension SessionStore: SessionStoring {
    /// The journal's write waits for the disk: never on a loop.
    public func rotate(
        _ session: Session, now: Int64, on loop: any EventLoopScheduler, change: (inout SessionRecord) -> Void,
        done: @escaping @Sendable ((any Error)?) -> Void
    ) -> Bool {
        false
    }

    /// The journal's write waits for the disk: never on a loop.
    public func removeSessions(
        of user: UserID, keeping: Session, on loop: any EventLoopScheduler, done: @escaping @Sendable ((any Error)?) -> Void
    ) -> Bool {
        false
    }

    /// One instance owns the sessions: nobody else needs to see a change before the periodic save.
    public func publishChanges(of ids: [String], on loop: (any EventLoopScheduler)?, done: @escaping @Sendable (Error?) -> Void) {
        done(nil)
    }
}
