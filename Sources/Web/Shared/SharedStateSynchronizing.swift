import Models
import Networking
import Services

/// With state shared among instances: what a request must learn before it is served, asked on its
/// event loop where it can park (`AppResponder.respondShared`). Web knows the steps, not the store:
/// the Redis form (`RedisState`'s `SharedState`) asks its questions in one pipelined round trip.
public protocol SharedStateSynchronizing: AnyObject, Sendable {
    /// The request's questions, asked together.
    associatedtype Question: Sendable
    /// Their answers, in order.
    associatedtype Replies: Sendable
    /// Why the answers did not come (the store unreachable, or silent past its timeout).
    associatedtype Failure: Error

    /// `sessionID`: the request's cookie. `admitting`: the client, when the request would start a
    /// session if it had none (counted now only if it carries no cookie worth looking up).
    func question(sessionID: String?, admitting client: Client?, now: Int64) -> Question

    /// On `loop`'s thread: asks without blocking, and `answer` runs there with the replies. False
    /// when the loop cannot ask now (its connection is being made): nothing was sent, the caller
    /// goes on a worker (`prepare`).
    func ask(_ question: Question, on loop: any EventLoopScheduler, answer: @escaping (Result<Replies, Failure>) -> Void) -> Bool

    /// When another instance wrote: reads its writes on `loop` and applies them, then runs `done`
    /// there. False when there is nothing to catch up on the loop (nobody wrote, or only a reload
    /// on a worker can catch up).
    func catchUp(after replies: Replies, on loop: any EventLoopScheduler, done: @escaping () -> Void) -> Bool

    /// `settle` on an event loop, for the usual case that needs nothing more from the store. Nil
    /// when settling needs more round trips: then they park too (`settle(…on:offLoop:done:)`).
    /// Throws on an unusable reply.
    func settleWithoutWaiting(_ question: Question, replies: Replies, now: Int64) throws -> SharedStatePrepared?

    /// What `settleWithoutWaiting` left (a reload, a session saved elsewhere), its round trips
    /// parked on `loop`; CPU-heavy work (decoding a reload) runs on `offLoop` with the replies in
    /// hand. `done` runs on `loop` with what was learnt, the failure, or nil when a step could not
    /// be parked: then `settle` runs on a worker with the same replies.
    func settle(
        _ question: Question, replies: Replies, now: Int64, on loop: any EventLoopScheduler,
        offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        done: @escaping @Sendable (Result<SharedStatePrepared?, any Error>) -> Void)

    /// Counts a visitor's admission parked on `loop` (for a request that looked a session up and
    /// will start one: `countsAdmissionLater`); `done` runs there with whether it is admitted.
    /// False when nothing was sent: the count is made blocking, on a worker.
    func countAdmission(_ client: Client, now: Int64, on loop: any EventLoopScheduler, done: @escaping (Bool) -> Void) -> Bool

    /// Brings this instance up to date with the replies, blocking when that takes more round trips:
    /// on a worker.
    func settle(_ question: Question, replies: Replies, now: Int64) throws -> SharedStatePrepared

    /// Asks and settles, blocking: on a worker. Throws when the store cannot be asked.
    func prepare(sessionID: String?, admitting client: Client?, now: Int64) throws -> SharedStatePrepared

    /// The session the question looked up (the cookie's, when it was worth looking up).
    func probedSessionID(_ question: Question) -> String?

    /// Whether the question looked a session up without counting the visitor's admission: a
    /// request that would start a session when nobody holds the cookie's must count it apart.
    func countsAdmissionLater(_ question: Question) -> Bool

    /// The services this instance serves from, over the shared store.
    var services: AppServices { get }

    /// The request's loop's own connection to the shared store, as the closure writes and session
    /// saves are sent through (`StoreWrite.send`, `UserNavigation.save(_:through:)`), so they park
    /// the request instead of a thread. Called on `loop`'s thread.
    func send(on loop: any EventLoopScheduler) -> RedisSend

    /// Whether `error` is the shared store going away mid-request (answered 503, as before the
    /// request began), not a bug.
    func isUnavailability(_ error: any Error) -> Bool
}

/// What synchronizing learnt for the rest of the request.
public struct SharedStatePrepared: Sendable {
    /// Whether the visitor counted in advance may start a session; nil when not counted.
    public var admitted: Bool?

    public init(admitted: Bool?) {
        self.admitted = admitted
    }
}

/// The shared store could not be asked at all (the loop's connection went away between two steps
/// of a request): answered 503 like the store's own failures.
public struct SharedStoreUnavailable: Error, Sendable {
    public init() {}
}
