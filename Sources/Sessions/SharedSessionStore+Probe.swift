import Networking
import RedisClient
import Services

extension SharedSessionStore {
    /// With sessions shared through Redis: what a request asks about the session its cookie names
    /// (pipelined with its other questions), or nil when there is nothing to ask.
    public func sharedProbe(id: String) -> SharedSessionProbe? {
        guard SessionStore.isWellFormed(id) else { return nil }
        let held = local.shard(for: id).withLock { $0.peek(id) }?.session.record.withLock { $0.version }
        return SharedSessionProbe(id: id, heldVersion: held, command: shared.probe(id: id, held: held != nil))
    }

    /// Brings the session a request names up to date with Redis's answer to its probe, on a worker
    /// before the request is served: a session ended elsewhere (signed out, revoked) is dropped; a
    /// copy older than the stored one is replaced by it (one more round trip, only then); a session
    /// held only elsewhere is loaded. A copy never saved is kept: its key does not exist yet.
    /// Throws when Redis cannot be asked; the request then gets a 503. Blocking: only when the
    /// loop could not take the parked form (`settleShared(_:reply:now:on:done:)`).
    public func settleShared(_ probe: SharedSessionProbe, reply: RESPValue, now: Int64) throws {
        var answer = try shared.answer(reply, held: probe.heldVersion != nil)
        if case .legacy = answer { answer = try shared.record(id: probe.id).map { .record($0) } ?? .absent }
        switch (probe.heldVersion, answer) {
        case (nil, .record(let record)) where record.id == probe.id:
            local.restore([record], now: now)
        case (nil, _), (_?, .legacy):
            return
        case (let held?, .absent):
            if held > 0 { local.shard(for: probe.id).withLock { local.forget(probe.id, in: &$0) } }
        case (let held?, .version(let stored)):
            guard stored != held else { return }
            if let record = try shared.record(id: probe.id) {
                local.adopt(record)
            } else {
                local.shard(for: probe.id).withLock { local.forget(probe.id, in: &$0) }
            }
        case (let held?, .record(let record)):
            if record.version != held { local.adopt(record) }
        }
    }

    /// `settleShared` when it needs neither another round trip nor a session's lock: false when it
    /// would (a legacy record, a newer copy saved elsewhere), and nothing was changed.
    public func settleSharedWithoutWaiting(_ probe: SharedSessionProbe, reply: RESPValue, now: Int64) throws -> Bool {
        let answer = try shared.answer(reply, held: probe.heldVersion != nil)
        switch (probe.heldVersion, answer) {
        case (_, .legacy):
            return false
        case (nil, .record(let record)) where record.id == probe.id:
            local.restore([record], now: now)
        case (nil, _):
            break
        case (let held?, .absent):
            if held > 0 { local.shard(for: probe.id).withLock { local.forget(probe.id, in: &$0) } }
        case (let held?, .version(let stored)):
            return stored == held
        case (let held?, .record(let record)):
            return record.version == held
        }
        return true
    }

    /// `settleShared` for what `settleSharedWithoutWaiting` left, on an event loop: the record is
    /// fetched in one more round trip parked on `loop`'s connection, and adopted or restored there
    /// when it comes (no lock held meanwhile). A session busy with a POST takes the record in its
    /// own turn, after that POST (`Session.adopt` queues it): nothing waits for it here. `done`
    /// runs on `loop` (with the failure when Redis did not answer). False when nothing was sent
    /// (the loop has no connection ready): the caller settles blocking, on a worker.
    public func settleShared(
        _ probe: SharedSessionProbe, reply: RESPValue, now: Int64, on loop: any EventLoopScheduler,
        done: @escaping (RedisError?) -> Void
    ) -> Bool {
        guard let loopClient else { return false }
        let answer: RedisSessionJournal.Probe
        do {
            answer = try shared.answer(reply, held: probe.heldVersion != nil)
        } catch {
            done(error)
            return true
        }
        let upgrading: Bool
        switch answer {
        case .legacy: upgrading = true
        case .version(let stored) where stored != probe.heldVersion: upgrading = false
        default:
            // Nothing more to ask: settled as without waiting.
            do {
                _ = try settleSharedWithoutWaiting(probe, reply: reply, now: now)
                done(nil)
            } catch {
                done(error as? RedisError ?? .connectionClosed)
            }
            return true
        }
        let send: RedisSend = { commands, completion in loopClient.send(commands, on: loop, completion: completion) }
        return shared.record(id: probe.id, upgrading: upgrading, through: send) { [self] result in
            switch result {
            case .failure(let error):
                done(error)
            case .success(let record):
                adoptFetched(record, for: probe, legacy: upgrading, now: now)
                done(nil)
            }
        }
    }

    /// What `settleShared` does with the record it fetched (nil: none stored); `legacy`: the probe
    /// found an earlier version's record (a copy never saved here is then kept, as blocking).
    private func adoptFetched(_ record: SessionRecord?, for probe: SharedSessionProbe, legacy: Bool, now: Int64) {
        switch (probe.heldVersion, record) {
        case (nil, let record?) where record.id == probe.id:
            local.restore([record], now: now)
        case (nil, _):
            return
        case (let held?, nil):
            if held > 0 || !legacy { local.shard(for: probe.id).withLock { local.forget(probe.id, in: &$0) } }
        case (let held?, let record?):
            if record.version != held { local.adopt(record) }
        }
    }
}
