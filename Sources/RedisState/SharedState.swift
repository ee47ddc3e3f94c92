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
/// version; and one to count admission when a cookie names a session nobody has. Every round trip
/// is asked on the request's event loop (`question`, `catchUp`, `settle(…on:offLoop:done:)`,
/// `countAdmission`), on the loop's own pipelined connection (`loopClient`), where the request
/// parks until its replies are in; only a reload's decoding runs on a worker, replies in hand.
/// The blocking `settle` is for a worker, when the loop's connection could not take a send.
final class SharedState: SharedStateSynchronizing {
    let services: AppServices
    let store: RedisStore
    let sessions: SharedSessionStore
    let admission: VisitorAdmission
    /// The event loops' own pipelined connections, on which requests park.
    let loopClient: RedisLoopClient
    /// The whole reload in flight, which parked requests join (`settle(_:replies:now:on:offLoop:done:)`).
    let reloads = SharedReload()

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
    /// trips (a reload, a newer session record): on a worker, when the loop could not take them.
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
    /// needs another round trip (a reload, a session's newer record): then
    /// `settle(_:replies:now:on:offLoop:done:)` parks it. Throws on an unusable reply.
    func settleWithoutWaiting(_ question: Question, replies: [RESPValue], now: Int64) throws -> Prepared? {
        guard !store.isStale(knowing: try RedisStore.version(from: replies[0])) else { return nil }
        if let probe = question.probe {
            guard try sessions.settleSharedWithoutWaiting(probe, reply: replies[1], now: now) else { return nil }
        }
        return Prepared(admitted: question.counts ? admission.admits(counted: replies[replies.count - 1]) : nil)
    }
    /// What `settleWithoutWaiting` left, parked on `loop` instead of blocking a worker:
    /// - a reload, when the change log could not tell what another instance wrote: the snapshot
    ///   transaction (`AppServices.reloadCommands`) is sent on the loop's connection, and its
    ///   replies, in hand, are decoded on `offLoop` (CPU proportional to the catalog: 100,000 items
    ///   would stall the loop's other connections), then installed under the store's lock as
    ///   `applying` orders it. Requests that need one meanwhile join it (`SharedReload`);
    /// - a session another instance saved newer, or an earlier version saved: its record is
    ///   fetched in one more round trip and adopted on the loop (in the session's turn).
    /// `done` runs on `loop` with what was learnt, the failure, or nil when a step could not be
    /// parked (no connection ready on the loop): the caller settles blocking, on a worker.
    func settle(
        _ question: Question, replies: [RESPValue], now: Int64, on loop: any EventLoopScheduler,
        offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        done: @escaping @Sendable (Result<Prepared?, any Error>) -> Void
    ) {
        let version: Int64
        do {
            version = try RedisStore.version(from: replies[0])
        } catch {
            return done(.failure(error))
        }
        guard store.isStale(knowing: version) else { return settleSession(question, replies: replies, now: now, on: loop, done: done) }
        reload(knowing: version, on: loop, offLoop: offLoop) { [self] reloaded in
            switch reloaded {
            case .failure(let error): done(.failure(error))
            case .success(false): done(.success(nil))
            case .success(true): settleSession(question, replies: replies, now: now, on: loop, done: done)
            }
        }
    }

    /// Counts a visitor's admission in one round trip parked on `loop` (a request whose cookie
    /// names a session nobody holds, and that would start one); `done` runs there with whether it
    /// is admitted (not when Redis could not count it). False when nothing was sent.
    func countAdmission(_ client: Client, now: Int64, on loop: any EventLoopScheduler, done: @escaping (Bool) -> Void) -> Bool {
        guard let command = admission.sharedCount(client, now: Date(timeIntervalSince1970: Double(now))) else { return false }
        return loopClient.send([command], on: loop) { [admission] result in
            done((try? result.get())?.first.map(admission.admits(counted:)) ?? false)
        }
    }

    private func settleSession(
        _ question: Question, replies: [RESPValue], now: Int64, on loop: any EventLoopScheduler,
        done: @escaping @Sendable (Result<Prepared?, any Error>) -> Void
    ) {
        let prepared = Prepared(admitted: question.counts ? admission.admits(counted: replies[replies.count - 1]) : nil)
        guard let probe = question.probe else { return done(.success(prepared)) }
        let sent = sessions.settleShared(probe, reply: replies[1], now: now, on: loop) { failure in
            done(failure.map { .failure($0) } ?? .success(prepared))
        }
        if !sent { done(.success(nil)) }
    }

    /// Joins the reload in flight or starts one, for a request that read `version`; `done` runs on
    /// `loop`: true once memory reflects at least `version`, false when the reload could not be
    /// sent on the loop. A reload read before the request's version (it was in flight already) is
    /// followed by one more.
    private func reload(
        knowing version: Int64, on loop: any EventLoopScheduler, again: Bool = false,
        offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        done: @escaping @Sendable (Result<Bool, any Error>) -> Void
    ) {
        let starts = reloads.join { [self] result in
            let resume: @Sendable () -> Void = { [self] in
                switch result {
                case .failure(is ReloadNotSent): done(.success(false))
                case .failure(let error): done(.failure(error))
                case .success(let reloaded) where reloaded < version && !again && store.isStale(knowing: version):
                    reload(knowing: version, on: loop, again: true, offLoop: offLoop, done: done)
                case .success: done(.success(true))
                }
            }
            if loop.inEventLoop { resume() } else if !loop.execute(resume) { done(.failure(SharedStoreUnavailable())) }
        }
        guard starts else { return }
        guard let commands = services.reloadCommands() else { return reloads.finish(.failure(ReloadNotSent())) }
        let sent = loopClient.send(commands, on: loop) { [self] result in
            let replies: [RESPValue]
            do {
                replies = try result.get()
            } catch {
                return reloads.finish(.failure(error))
            }
            offLoop { [self] in
                do {
                    let decoded = try services.decodeReload(replies)
                    reloads.finish(.success(services.installReload(decoded)))
                } catch {
                    reloads.finish(.failure(error))
                }
            }
        }
        if !sent { reloads.finish(.failure(ReloadNotSent())) }
    }
}

/// The reload could not be sent on the loop (its connection is being made, with too many sends
/// waiting): its requests settle blocking, on a worker.
private struct ReloadNotSent: Error {}

