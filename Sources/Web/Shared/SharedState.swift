#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient
import Services

/// With Redis, what this instance must learn before serving a request, asked in one pipelined
/// round trip: the shared version (the catalog and accounts are reloaded when another instance
/// wrote), the session the cookie names (its stored version when held here, else its record) and,
/// for a page that would start a cookie-less visitor's session, the address's admission count.
///
/// More round trips only when something changed elsewhere: a reload after another instance's
/// write, the newer record of a session another instance saved, a session stored by an earlier
/// version; and one to count admission when a cookie names a session nobody has. Blocks: runs on
/// a worker, never an event loop.
final class SharedState: Sendable {
    let services: AppServices
    let store: RedisStore
    let sessions: SessionStore
    let admission: VisitorAdmission

    init(services: AppServices, store: RedisStore, sessions: SessionStore, admission: VisitorAdmission) {
        self.services = services
        self.store = store
        self.sessions = sessions
        self.admission = admission
    }

    /// What `prepare` learnt for the rest of the request.
    struct Prepared: Sendable {
        /// Whether the visitor counted in advance may start a session; nil when not counted.
        var admitted: Bool?
    }

    /// `sessionID`: the request's cookie. `admitting`: the client, when the request would start a
    /// session if it had none (counted now only if it carries no cookie worth looking up). Throws
    /// when Redis cannot be asked.
    func prepare(sessionID: String?, admitting client: Client?, now: Int64) throws -> Prepared {
        var commands = [store.versionCommand]
        let probe = sessionID.flatMap(sessions.sharedProbe(id:))
        if let probe { commands.append(probe.command) }
        let count = probe == nil
            ? client.flatMap { admission.sharedCount($0, now: Date(timeIntervalSince1970: Double(now))) } : nil
        if let count { commands.append(count) }
        let replies = try store.pool.pipeline(commands)
        try services.synchronize(sharedVersion: try RedisStore.version(from: replies[0]))
        if let probe { try sessions.settleShared(probe, reply: replies[1], now: now) }
        return Prepared(admitted: count.map { _ in admission.admits(counted: replies[replies.count - 1]) })
    }
}
