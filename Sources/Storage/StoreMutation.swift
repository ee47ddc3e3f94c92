/// One change to a store; a batch of them is committed atomically as one journal record.
public enum StoreMutation: Hashable, Sendable {
    case put(collection: String, key: String, value: [UInt8])
    case delete(collection: String, key: String)

    public var collection: String {
        switch self {
        case .put(let collection, _, _), .delete(let collection, _): collection
        }
    }

    public var key: String {
        switch self {
        case .put(_, let key, _), .delete(_, let key): key
        }
    }
}
