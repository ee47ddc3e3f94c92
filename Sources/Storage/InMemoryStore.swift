import Synchronization

/// A store that forgets everything on exit: for tests and throwaway runs where durability is
/// not wanted.
public final class InMemoryStore: KeyValueStore {
    private let contents = Mutex(StoreContents())

    public init() {}

    public func get(_ collection: String, key: String) -> [UInt8]? {
        contents.withLock { $0.get(collection, key: key) }
    }

    public func all(_ collection: String) -> [String: [UInt8]] {
        contents.withLock { $0.all(collection) }
    }

    public var isEmpty: Bool { contents.withLock { $0.isEmpty } }

    public func apply(_ mutations: [StoreMutation]) throws {
        contents.withLock { $0.apply(mutations) }
    }
}
