#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Storage

/// JSON for records kept in the store: readable when debugging a data directory, and tolerant of
/// added optional fields.
enum StoreCoding {
    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return [UInt8](try encoder.encode(value))
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Every record of a collection, decoded; one undecodable record fails the whole load rather
    /// than vanishing silently.
    static func decodeAll<Value: Decodable>(_ type: Value.Type, in collection: String, of store: any KeyValueStore) throws -> [Value] {
        try store.all(collection).values.map { try decode(type, from: $0) }
    }
}
