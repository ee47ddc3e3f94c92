import Coordinators
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient
import Services
import Storage

extension UserNavigation {
    /// `save` for a request parked on its event loop (with Redis): sent through `send`, and
    /// `completion` runs once on the loop when Redis answered. True when there was nothing to
    /// save; false when nothing was sent (the embedded store, no connection ready on the loop).
    public func save(
        _ records: [SessionRecord], through send: @escaping RedisSend, completion: @escaping ((any Error)?) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        let mutations: [StoreMutation]
        do {
            mutations = try self.mutations(saving: records)
        } catch {
            completion(error)
            return true
        }
        guard !mutations.isEmpty else {
            completion(nil)
            return true
        }
        return shared.apply(mutations, through: send, publishing: {}, completion: completion)
    }

    /// `navigation(of:)` for a request parked on its event loop: `completion` runs there with the
    /// user's saved tabs. False when nothing was sent (the embedded store, no connection ready).
    public func navigation(
        of user: UserID, through send: @escaping RedisSend, completion: @escaping (NavigationSnapshot?) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        return shared.get(Self.collection, key: user.rawValue, through: send) { value in
            completion(value.flatMap { try? JSONDecoder().decode(NavigationSnapshot.self, from: Data($0)) })
        }
    }
}
