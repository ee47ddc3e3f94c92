import Networking
import RedisClient

/// With sessions shared through Redis, a session's changes are saved before the request's answer
/// goes out, not only by the periodic save: the browser's next request may land on any instance,
/// and must find there the tabs and stacks it left (and a visitor's new session at all, or the
/// sign-in form it was just given would be refused there for its CSRF token). The save is the same
/// compare-and-set as the periodic one: a copy another instance saved over is not written and is
/// dropped here, and its next request loads the saved one. Runs on a worker, never an event loop.
extension SessionStore {
    /// Saves the pending changes of these sessions now (those that have any). A failed save leaves
    /// them for the periodic one and is reported through the error.
    public func publishChanges(of ids: [String]) throws {
        guard let journal, let records = takeChanges(of: ids) else { return }
        let outcome: SessionSaveOutcome
        do {
            outcome = try journal.save(records: records, forgetting: [])
        } catch {
            restoreChanges(records)
            throw error
        }
        settle(records, outcome)
    }

    /// `publishChanges` on an event loop: the save is sent on the loop's Redis connection and
    /// `done` runs there when it is in (with the failure, if any). False when nothing could be
    /// sent that way (no connection ready on the loop): the changes are left for the caller.
    public func publishChanges(
        of ids: [String], on loop: any EventLoopScheduler, through client: RedisLoopClient,
        done: @escaping (Error?) -> Void
    ) -> Bool {
        guard let shared = journal as? RedisSessionJournal else { return false }
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
                settle(records, outcome)
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
        guard journal is RedisSessionJournal else { return nil }
        var records: [SessionRecord] = []
        for id in Set(ids) where Self.isWellFormed(id) {
            shard(for: id).withLock { pools in
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
            shard(for: record.id).withLock { pools in
                if pools.peek(record.id) != nil { pools.changed.insert(record.id) }
            }
        }
    }
}
