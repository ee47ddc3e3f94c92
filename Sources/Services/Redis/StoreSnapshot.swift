import Storage

/// Collections read at one moment, served as a read-only store: what services reload from.
public struct StoreSnapshot: KeyValueStore {
    let contents: [String: [String: [UInt8]]]

    init(_ contents: [String: [String: [UInt8]]]) {
        self.contents = contents
    }

    public func get(_ collection: String, key: String) -> [UInt8]? { contents[collection]?[key] }
    public func all(_ collection: String) -> [String: [UInt8]] { contents[collection] ?? [:] }
    public var isEmpty: Bool { contents.values.allSatisfy(\.isEmpty) }

    public func apply(_ mutations: [StoreMutation]) throws {
        preconditionFailure("a snapshot is read-only")
    }
}
