import Coordinators
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import Storage

/// Each signed-in user's navigation state, kept with the account data (not the session), so
/// signing in on another browser brings the tabs back as they were left. Written with the periodic
/// session save and at sign-out; read at sign-in.
public final class UserNavigation: Sendable {
    public static let collection = "navigation.users"
    public let store: any KeyValueStore

    public init(store: any KeyValueStore) {
        self.store = store
    }

    public func navigation(of user: UserID) -> NavigationSnapshot? {
        store.get(Self.collection, key: user.rawValue).flatMap { try? JSONDecoder().decode(NavigationSnapshot.self, from: Data($0)) }
    }

    /// Stores the newest snapshot per user among `records` (signed-in ones only).
    public func save(_ records: [SessionRecord]) throws {
        let mutations = try mutations(saving: records)
        guard !mutations.isEmpty else { return }
        try store.apply(mutations)
    }

    /// What `save` writes: the newest snapshot per user (none for visitors' records).
    func mutations(saving records: [SessionRecord]) throws -> [StoreMutation] {
        var newest: [UserID: SessionRecord] = [:]
        for record in records {
            guard let user = record.userID, record.navigation != nil else { continue }
            if let known = newest[user], known.lastSeen > record.lastSeen { continue }
            newest[user] = record
        }
        guard !newest.isEmpty else { return [] }
        let encoder = JSONEncoder()
        var mutations: [StoreMutation] = []
        for (user, record) in newest {
            var snapshot = record.navigation
            // A notice or a draft belongs to the browser that made it.
            snapshot?.notice = nil
            snapshot?.draft = nil
            mutations.append(.put(collection: Self.collection, key: user.rawValue, value: Array(try encoder.encode(snapshot))))
        }
        return mutations
    }
}
