import Storage

/// One write to the collections instances keep in memory, as the change log holds it: the shared
/// version the write produced and its mutations. An instance that is behind applies the entries
/// after its version instead of reloading everything (see `RedisStore.changes(after:through:)`).
///
/// Stored as one list element: the version in decimal and a newline (prepended by the script that
/// raised it), then each mutation as `p` (put) or `d` (delete), the byte lengths of collection, key
/// and value in decimal separated by spaces, a newline, and the bytes themselves.
public struct ChangeLogEntry: Hashable, Sendable {
    public let version: Int64
    public let mutations: [StoreMutation]

    public init(version: Int64, mutations: [StoreMutation]) {
        self.version = version
        self.mutations = mutations
    }

    /// The mutations' part of an element: what the writing script receives.
    static func payload(_ mutations: [StoreMutation]) -> [UInt8] {
        var bytes: [UInt8] = []
        for mutation in mutations {
            switch mutation {
            case .put(let collection, let key, let value):
                append(UInt8(ascii: "p"), Array(collection.utf8), Array(key.utf8), value, to: &bytes)
            case .delete(let collection, let key):
                append(UInt8(ascii: "d"), Array(collection.utf8), Array(key.utf8), [], to: &bytes)
            }
        }
        return bytes
    }

    private static func append(_ tag: UInt8, _ collection: [UInt8], _ key: [UInt8], _ value: [UInt8], to bytes: inout [UInt8]) {
        bytes.append(tag)
        bytes += Array("\(collection.count) \(key.count) \(value.count)\n".utf8)
        bytes += collection
        bytes += key
        bytes += value
    }

    /// A whole element (version, newline, payload); nil when it does not parse.
    init?(element: [UInt8]) {
        guard let newline = element.firstIndex(of: UInt8(ascii: "\n")),
            let version = Int64(String(decoding: element[..<newline], as: UTF8.self))
        else { return nil }
        var mutations: [StoreMutation] = []
        var index = newline + 1
        while index < element.count {
            let tag = element[index]
            guard tag == UInt8(ascii: "p") || tag == UInt8(ascii: "d"),
                let end = element[(index + 1)...].firstIndex(of: UInt8(ascii: "\n"))
            else { return nil }
            let lengths = String(decoding: element[(index + 1)..<end], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
            guard lengths.count == 3, lengths.allSatisfy({ $0 >= 0 }) else { return nil }
            let collectionStart = end + 1
            let keyStart = collectionStart + lengths[0]
            let valueStart = keyStart + lengths[1]
            let next = valueStart + lengths[2]
            guard next <= element.count else { return nil }
            let collection = String(decoding: element[collectionStart..<keyStart], as: UTF8.self)
            let key = String(decoding: element[keyStart..<valueStart], as: UTF8.self)
            mutations.append(tag == UInt8(ascii: "p")
                ? .put(collection: collection, key: key, value: Array(element[valueStart..<next]))
                : .delete(collection: collection, key: key))
            index = next
        }
        self.init(version: version, mutations: mutations)
    }
}
