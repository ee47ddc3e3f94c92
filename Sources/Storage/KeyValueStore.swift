/// The durable state the app's services build on: named collections of key → bytes, fully in
/// memory for reads, durable on disk before a write returns. A protocol so another backend can be
/// swapped in without touching the services.
public protocol KeyValueStore: Sendable {
    /// The value stored under `key`, from memory.
    func get(_ collection: String, key: String) -> [UInt8]?
    /// Every entry of a collection, from memory.
    func all(_ collection: String) -> [String: [UInt8]]
    /// True when nothing has ever been stored (or everything was deleted): the cue for seeding.
    var isEmpty: Bool { get }
    /// Applies the mutations atomically; when this returns they survive a crash.
    func apply(_ mutations: [StoreMutation]) throws
}

extension KeyValueStore {
    public func put(_ collection: String, key: String, value: [UInt8]) throws {
        try apply([.put(collection: collection, key: key, value: value)])
    }

    public func delete(_ collection: String, key: String) throws {
        try apply([.delete(collection: collection, key: key)])
    }
}
