import RedisClient

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
    /// Throws when Redis cannot be asked; the request then gets a 503.
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

}
