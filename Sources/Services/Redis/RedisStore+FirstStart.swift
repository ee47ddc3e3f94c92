import Glibc
import RedisClient

/// Instances started together on an empty Redis (a deployment's replicas) must not all seed it.
public struct FirstStartTimedOut: Error, CustomStringConvertible {
    public var description: String {
        "another instance claimed the first start of this Redis but wrote nothing in time; start again"
    }
}

extension RedisStore {
    /// Runs `seed` on the one instance that claims an empty store's first start; the others wait
    /// until it has finished, so none races it for the demo account and none loads a half-seeded
    /// store. The claim expires after `timeout`, so an instance killed while seeding holds no one up
    /// for longer (what it wrote before dying stays).
    public func claimingFirstStart(waitingAtMost timeout: Duration = .seconds(30), _ seed: () throws -> Bool) throws -> Bool {
        let claim = prefix + "first-start"
        let deadline = ContinuousClock.now + timeout + .seconds(1)
        while isEmpty {
            let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            let reply = try pool.send(RedisCommand("SET", claim, "1", "NX", "PX", String(milliseconds)))
            if let message = reply.errorMessage { throw RedisError.server(message) }
            if reply.string == "OK" {
                defer { _ = try? pool.send(RedisCommand("DEL", claim)) }
                return try seed()
            }
            try waitWhileClaimed(claim, until: deadline)
        }
        // Not empty: a first start may still be writing; what this instance loads must be whole.
        try waitWhileClaimed(claim, until: deadline)
        return false
    }

    private func waitWhileClaimed(_ claim: String, until deadline: ContinuousClock.Instant) throws {
        while try pool.send(RedisCommand("EXISTS", claim)).integer == 1 {
            guard ContinuousClock.now < deadline else { throw FirstStartTimedOut() }
            usleep(50_000)
        }
    }
}
