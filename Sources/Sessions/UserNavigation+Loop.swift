import RedisClient
import Storage
import Services

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
}
