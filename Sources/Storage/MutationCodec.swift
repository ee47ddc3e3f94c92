/// The payload of a journal record (and of a snapshot): a count, then each mutation as a tag and
/// length-prefixed fields.
enum MutationCodec {
    static let putTag: UInt8 = 1
    static let deleteTag: UInt8 = 2

    static func isTag(_ byte: UInt8) -> Bool {
        byte == putTag || byte == deleteTag
    }

    static func encode(_ mutations: [StoreMutation]) -> [UInt8] {
        var writer = ByteWriter(capacity: 64 * mutations.count)
        writer.append(UInt32(mutations.count))
        for mutation in mutations {
            switch mutation {
            case .put(let collection, let key, let value):
                writer.append(putTag)
                writer.appendPrefixed(collection)
                writer.appendPrefixed(key)
                writer.appendPrefixed(value)
            case .delete(let collection, let key):
                writer.append(deleteTag)
                writer.appendPrefixed(collection)
                writer.appendPrefixed(key)
            }
        }
        return writer.bytes
    }

    /// Nil when the payload is malformed in any way, including trailing bytes.
    static func decode(_ payload: ArraySlice<UInt8>) -> [StoreMutation]? {
        var reader = ByteReader(payload)
        guard let count = reader.read(UInt32.self) else { return nil }
        var mutations: [StoreMutation] = []
        // Each mutation takes at least 9 bytes; never reserve more than the payload could hold.
        mutations.reserveCapacity(min(Int(count), reader.remaining / 9))
        for _ in 0..<count {
            guard let tag = reader.read(UInt8.self),
                let collection = reader.readPrefixedString(),
                let key = reader.readPrefixedString()
            else { return nil }
            switch tag {
            case putTag:
                guard let value = reader.readPrefixed() else { return nil }
                mutations.append(.put(collection: collection, key: key, value: value))
            case deleteTag:
                mutations.append(.delete(collection: collection, key: key))
            default:
                return nil
            }
        }
        return reader.isAtEnd ? mutations : nil
    }
}
