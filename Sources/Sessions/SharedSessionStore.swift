import Models
import Networking
import RedisClient

/// Sessions shared by every instance through Redis (`RedisSessionJournal`), with this instance's
/// copies held in memory (`local`, evicted and expired as on the embedded store).
///
/// A session's changes are saved before the request's answer goes out, not only by the periodic
/// save: the browser's next request may land on any instance, and must find there the tabs and
/// stacks it left (and a visitor's new session at all, or the sign-in form it was just given would
/// be refused there for its CSRF token). The save is the same compare-and-set as the periodic one:
/// a copy another instance saved over is not written and is dropped here, and its next request
/// loads the saved one. On an event loop the save parks on the loop's own Redis connection;
/// while that loop has none ready, it runs on `blockingLane` instead.
public final class SharedSessionStore: SessionStoring {
    /// This instance's copies.
    public let local: SessionStore
    public let shared: RedisSessionJournal
    let loopClient: RedisLoopClient?
    let blockingLane: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// `blockingLane` runs a save that must block (a worker pool's `submit`).
    public init(
        configuration: SessionStore.Configuration, shared: RedisSessionJournal, loopClient: RedisLoopClient?,
        blockingLane: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) {
        local = SessionStore(configuration: configuration, journal: shared)
        self.shared = shared
        self.loopClient = loopClient
        self.blockingLane = blockingLane
    }

    public var configuration: SessionStore.Configuration { local.configuration }
    public func makeSession(now: Int64) -> Session { local.makeSession(now: now) }
    public func session(id: String, now: Int64) -> Session? { local.session(id: id, now: now) }
    public func insert(_ session: Session, now: Int64) { local.insert(session, now: now) }
    public func markChanged(_ session: Session) { local.markChanged(session) }
    public func allSessions() -> [Session] { local.allSessions() }
    public var count: Int { local.count }
    public var signedInCount: Int { local.signedInCount }

    public func rotate(_ session: Session, now: Int64, change: (inout SessionRecord) -> Void) throws {
        do {
            try local.rotate(session, now: now, change: change)
        } catch let error as RedisError {
            throw SessionStoreUnavailable(error)
        }
    }

    public func removeSessions(of user: UserID, keeping: Session) throws {
        do {
            try local.removeSessions(of: user, keeping: keeping)
        } catch let error as RedisError {
            throw SessionStoreUnavailable(error)
        }
    }

    /// `publishChanges` saves the request's session before its answer goes out.
    public func saveNow(_ session: Session) throws {}

    public func publishChanges(of ids: [String], on loop: (any EventLoopScheduler)?, done: @escaping @Sendable (Error?) -> Void) {
        if let loop, loop.inEventLoop, let loopClient, publishChanges(of: ids, on: loop, through: loopClient, done: done) {
            return
        }
        guard loop?.inEventLoop == true else { return publishBlocking(ids, done: done) }
        // No connection on this loop right now: the save blocks, so not here.
        blockingLane { [self] in publishBlocking(ids, done: done) }
    }

    /// Saves the pending changes of these sessions now, blocking (a worker).
    private func publishBlocking(_ ids: [String], done: @Sendable (Error?) -> Void) {
        guard let records = takeChanges(of: ids) else { return done(nil) }
        do {
            let outcome = try shared.save(records: records, forgetting: [])
            local.settle(records, outcome)
            done(nil)
        } catch {
            restoreChanges(records)
            done(error)
        }
    }

    /// The save sent on the loop's Redis connection; `done` runs there when it is in. False when
    /// nothing could be sent that way (no connection ready on the loop): the changes are kept.
    private func publishChanges(
        of ids: [String], on loop: any EventLoopScheduler, through client: RedisLoopClient,
        done: @escaping @Sendable (Error?) -> Void
    ) -> Bool {
        guard let records = takeChanges(of: ids) else {
            done(nil)
            return true
        }
        let commands: [RedisCommand]
        do {
            commands = try shared.saveCommands(records)
        } catch {
            restoreChanges(records)
            done(error)
            return true
        }
        let sent = client.send(commands, on: loop) { [self] result in
            do {
                let outcome = try shared.outcome(of: records, replies: result.get())
                local.settle(records, outcome)
                done(nil)
            } catch {
                restoreChanges(records)
                done(error)
            }
        }
        if !sent { restoreChanges(records) }
        return sent
    }

    /// Takes the pending changes of these sessions (nil when there are none).
    private func takeChanges(of ids: [String]) -> [SessionRecord]? {
        var records: [SessionRecord] = []
        // Nearly always one id (the request's cookie): no set is made for it.
        for id in ids.count == 1 ? ids : Array(Set(ids)) where SessionStore.isWellFormed(id) {
            local.shard(for: id).withLock { pools in
                guard pools.changed.contains(id), let entry = pools.peek(id) else { return }
                pools.changed.remove(id)
                var record = entry.session.record.withLock { $0 }
                record.lastSeen = entry.lastSeen
                records.append(record)
            }
        }
        return records.isEmpty ? nil : records
    }

    /// A failed save leaves the changes for the next one.
    private func restoreChanges(_ records: [SessionRecord]) {
        for record in records {
            local.shard(for: record.id).withLock { pools in
                if pools.peek(record.id) != nil { pools.changed.insert(record.id) }
            }
        }
    }
}
