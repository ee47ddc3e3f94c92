#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import Networking
import RedisClient
import Services
import Sessions
import Web

/// With Redis, what this instance must learn before serving a request, asked in one pipelined
/// round trip: the shared version (the catalog and accounts are reloaded when another instance
/// wrote), the session the cookie names (its stored version when held here, else its record) and,
/// for a page that would start a cookie-less visitor's session, the address's admission count.
///
/// More round trips only when something changed elsewhere: a reload after another instance's
/// write, the newer record of a session another instance saved, a session stored by an earlier
/// version; and one to count admission when a cookie names a session nobody has. The round trip is
/// asked on the request's event loop (`question`, `settleWithoutWaiting`); what needs more round
/// trips runs on a worker (`settle`). The round trips on the loop go out on the loop's own
/// pipelined connection (`loopClient`), where the request parks until its replies are in.
final class SharedState: SharedStateSynchronizing {
    let services: AppServices
    let store: RedisStore
    let sessions: SharedSessionStore
    let admission: VisitorAdmission
    /// The event loops' own pipelined connections, on which requests park.
    let loopClient: RedisLoopClient

    init(
        services: AppServices, store: RedisStore, sessions: SharedSessionStore, admission: VisitorAdmission,
        loopClient: RedisLoopClient
    ) {
        self.services = services
        self.store = store
        self.sessions = sessions
        self.admission = admission
        self.loopClient = loopClient
    }

    /// What `prepare` learnt for the rest of the request.
    typealias Prepared = SharedStatePrepared

    /// The request's questions, asked in one pipelined round trip.
    struct Question: Sendable {
        let commands: [RedisCommand]
        let probe: SharedSessionProbe?
        /// Whether the last command counts a cookie-less visitor's admission.
        let counts: Bool
    }

    /// `sessionID`: the request's cookie. `admitting`: the client, when the request would start a
    /// session if it had none (counted now only if it carries no cookie worth looking up).
    func question(sessionID: String?, admitting client: Client?, now: Int64) -> Question {
        var commands = [store.versionCommand]
        let probe = sessionID.flatMap(sessions.sharedProbe(id:))
        if let probe { commands.append(probe.command) }
        let count = probe == nil
            ? client.flatMap { admission.sharedCount($0, now: Date(timeIntervalSince1970: Double(now))) } : nil
        if let count { commands.append(count) }
        return Question(commands: commands, probe: probe, counts: count != nil)
    }

    func ask(
        _ question: Question, on loop: any EventLoopScheduler, answer: @escaping (Result<[RESPValue], RedisError>) -> Void
    ) -> Bool {
        loopClient.send(question.commands, on: loop, completion: answer)
    }

    func send(on loop: any EventLoopScheduler) -> RedisSend {
        { [loopClient] commands, completion in loopClient.send(commands, on: loop, completion: completion) }
    }

    func probedSessionID(_ question: Question) -> String? {
        question.probe?.id
    }

    func countsAdmissionLater(_ question: Question) -> Bool {
        question.probe != nil && !question.counts
    }

    func isUnavailability(_ error: any Error) -> Bool {
        error is RedisError
    }

    /// Asks and settles, blocking: on a worker. Throws when Redis cannot be asked.
    func prepare(sessionID: String?, admitting client: Client?, now: Int64) throws -> Prepared {
        let question = question(sessionID: sessionID, admitting: client, now: now)
        return try settle(question, replies: try store.pool.pipeline(question.commands), now: now)
    }

    /// Brings this instance up to date with the replies, blocking when that takes more round
    /// trips (a reload, a newer session record): on a worker.
    func settle(_ question: Question, replies: [RESPValue], now: Int64) throws -> Prepared {
        try services.synchronize(sharedVersion: try RedisStore.version(from: replies[0]))
        if let probe = question.probe { try sessions.settleShared(probe, reply: replies[1], now: now) }
        return Prepared(admitted: question.counts ? admission.admits(counted: replies[replies.count - 1]) : nil)
    }

    /// When another instance wrote: the command that reads its writes from the change log, to ask
    /// on the event loop before `settleWithoutWaiting` (nil when nobody wrote, or only a reload on
    /// a worker can catch up).
    func catchUpCommand(_ replies: [RESPValue]) -> RedisCommand? {
        guard let version = try? RedisStore.version(from: replies[0]) else { return nil }
        return services.catchUpCommand(sharedVersion: version)
    }

    /// Applies the change log's entries (the reply to `catchUpCommand`) on the event loop: each
    /// costs what it changed. False leaves the catching up to `settle` on a worker.
    func catchUp(_ replies: [RESPValue], logReply: RESPValue) -> Bool {
        guard let version = try? RedisStore.version(from: replies[0]) else { return false }
        return services.catchUp(sharedVersion: version, reply: logReply)
    }

    /// Reads another instance's writes from the change log in one more round trip parked on
    /// `loop`, and applies them there (each costs what it changed).
    func catchUp(after replies: [RESPValue], on loop: any EventLoopScheduler, done: @escaping () -> Void) -> Bool {
        guard let command = catchUpCommand(replies) else { return false }
        return loopClient.send([command], on: loop) { [self] logResult in
            if case .success(let logReplies) = logResult, let logReply = logReplies.first {
                _ = catchUp(replies, logReply: logReply)
            }
            done()
        }
    }

    /// `settle` on an event loop, for the usual case that needs nothing more from Redis: nobody
    /// wrote elsewhere and the session is as held here (or new here, or gone). Nil when settling
    /// would wait (a reload, another round trip, a session busy with a POST): then `settle` runs
    /// on a worker with the same replies. Throws on an unusable reply.
    func settleWithoutWaiting(_ question: Question, replies: [RESPValue], now: Int64) throws -> Prepared? {
        guard !store.isStale(knowing: try RedisStore.version(from: replies[0])) else { return nil }
        if let probe = question.probe {
            guard try sessions.settleSharedWithoutWaiting(probe, reply: replies[1], now: now) else { return nil }
        }
        return Prepared(admitted: question.counts ? admission.admits(counted: replies[replies.count - 1]) : nil)
    }
}
