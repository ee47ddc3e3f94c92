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
    /// True once anything was ever stored, even if it is all gone now: a store that has held
    /// data is never seeded again.
    var hasHeldData: Bool { get }
    /// Applies the mutations atomically; when this returns they survive a crash.
    func apply(_ mutations: [StoreMutation]) throws
    /// Stores `value` under `key` only if the key holds exactly `expected` now, in one step, so an
    /// edit made from a stale copy can neither bring back a record deleted meanwhile nor undo
    /// another writer's change. A store shared by several processes must check in the store itself.
    func replace(_ collection: String, key: String, expected: [UInt8], with value: [UInt8]) throws -> Replacement
    /// `apply`, then `publish` (the caller's update of its copy in memory). A store shared by
    /// several processes, whose copies also follow the others' writes, runs `publish` only when
    /// no later write to the store was applied to the copies meanwhile, so a write whose answer
    /// came late never overwrites a newer one in memory (then the copy holds that newer state).
    func apply(_ mutations: [StoreMutation], publishing publish: () -> Void) throws
    /// `replace`, then `publish` when it replaced, as `apply(_:publishing:)` does.
    func replace(
        _ collection: String, key: String, expected: [UInt8], with value: [UInt8], publishing publish: () -> Void
    ) throws -> Replacement
}

/// What a conditional write found.
public enum Replacement: Equatable, Sendable {
    case replaced
    /// The key held something else, or nothing (nil): nothing was written.
    case differs(current: [UInt8]?)
}

extension KeyValueStore {
    public func put(_ collection: String, key: String, value: [UInt8]) throws {
        try apply([.put(collection: collection, key: key, value: value)])
    }

    public func delete(_ collection: String, key: String) throws {
        try apply([.delete(collection: collection, key: key)])
    }

    /// For a store that one process alone writes, where the caller's lock around the read and the
    /// write is what makes them one step.
    public func replace(_ collection: String, key: String, expected: [UInt8], with value: [UInt8]) throws -> Replacement {
        let current = get(collection, key: key)
        guard current == expected else { return .differs(current: current) }
        try put(collection, key: key, value: value)
        return .replaced
    }
}

extension KeyValueStore {
    /// One writer: its copy follows nothing else, so publishing after the write is always right.
    public func apply(_ mutations: [StoreMutation], publishing publish: () -> Void) throws {
        try apply(mutations)
        publish()
    }

    public func replace(
        _ collection: String, key: String, expected: [UInt8], with value: [UInt8], publishing publish: () -> Void
    ) throws -> Replacement {
        let replacement = try replace(collection, key: key, expected: expected, with: value)
        if replacement == .replaced { publish() }
        return replacement
    }
}

extension KeyValueStore {
    /// Whether anything was ever stored: the cue for never seeding again. A store without a
    /// durable marker can only tell whether it holds something now.
    public var hasHeldData: Bool { !isEmpty }
}
