/// The whole state of a store as plain values: what a snapshot holds and what replay rebuilds.
struct StoreContents: Sendable {
    private(set) var collections: [String: [String: [UInt8]]] = [:]

    var isEmpty: Bool { collections.isEmpty }

    func get(_ collection: String, key: String) -> [UInt8]? {
        collections[collection]?[key]
    }

    func all(_ collection: String) -> [String: [UInt8]] {
        collections[collection] ?? [:]
    }

    mutating func put(_ collection: String, key: String, value: [UInt8]) {
        collections[collection, default: [:]][key] = value
    }

    mutating func apply(_ mutations: [StoreMutation]) {
        for mutation in mutations {
            switch mutation {
            case .put(let collection, let key, let value):
                collections[collection, default: [:]][key] = value
            case .delete(let collection, let key):
                collections[collection]?[key] = nil
                if collections[collection]?.isEmpty == true { collections[collection] = nil }
            }
        }
    }

    /// Every entry as a put, in a stable order, so identical states give identical snapshots.
    var asMutations: [StoreMutation] {
        collections.keys.sorted().flatMap { collection in
            let entries = collections[collection] ?? [:]
            return entries.keys.sorted().map { key in
                StoreMutation.put(collection: collection, key: key, value: entries[key] ?? [])
            }
        }
    }
}
