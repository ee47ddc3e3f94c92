import ByteCoding

/// The key checksum of a version-2 record: a CRC-32 over the mutation count and, for each
/// mutation, its tag, collection and key exactly as encoded (the bytes before its value). A record
/// whose payload checksum fails but whose key checksum still matches was damaged in its values
/// only: it names the entries it touched, which is what a repair needs to know to never resurrect.
extension MutationCodec {
    static func encodeWithKeyChecksum(_ mutations: [StoreMutation]) -> (payload: [UInt8], keyChecksum: UInt32) {
        let payload = encode(mutations)
        var reader = ByteReader(payload[...])
        var checksum = CRC32.checksum(payload[0..<4])
        _ = reader.read(UInt32.self)
        for mutation in mutations {
            let start = reader.offset
            _ = reader.read(UInt8.self)
            _ = reader.read(count: Int(reader.read(UInt32.self) ?? 0))
            _ = reader.read(count: Int(reader.read(UInt32.self) ?? 0))
            checksum = CRC32.checksum(payload[start..<reader.offset], seed: checksum)
            if case .put = mutation { _ = reader.read(count: Int(reader.read(UInt32.self) ?? 0)) }
        }
        return (payload, checksum)
    }

    /// The entries a damaged payload touched, when its keys are provably intact (their checksum
    /// matches `keyChecksum`); nil when they cannot be told.
    static func namedKeys(_ payload: ArraySlice<UInt8>, keyChecksum: UInt32) -> [EntryKey]? {
        var reader = ByteReader(payload)
        guard let count = reader.read(UInt32.self), Int(count) <= payload.count / 9 else { return nil }
        var checksum = CRC32.checksum(payload[payload.startIndex..<payload.startIndex + 4])
        var keys: [EntryKey] = []
        for index in 0..<Int(count) {
            let start = reader.offset
            guard let tag = reader.read(UInt8.self), isTag(tag),
                let collection = reader.readPrefixedString(), let key = reader.readPrefixedString()
            else { return nil }
            checksum = CRC32.checksum(payload[start..<reader.offset], seed: checksum)
            keys.append(EntryKey(collection: collection, key: key))
            if tag == putTag {
                // A damaged value length leaves the keys after it unreadable, but not the last one's.
                guard let length = reader.read(UInt32.self) else { return index == count - 1 ? keys.checked(checksum, keyChecksum) : nil }
                guard reader.read(count: Int(length)) != nil || index == count - 1 else { return nil }
            }
        }
        return keys.checked(checksum, keyChecksum)
    }

    /// The one put of a snapshot entry, decoded without building a mutation list: the fast path of
    /// loading a snapshot. Nil when the payload is anything else.
    static func decodeSinglePut(_ payload: ArraySlice<UInt8>) -> (collection: String, key: String, value: [UInt8])? {
        var reader = ByteReader(payload)
        guard reader.read(UInt32.self) == 1, reader.read(UInt8.self) == putTag,
            let collection = reader.readPrefixedString(), let key = reader.readPrefixedString(),
            let value = reader.readPrefixed(), reader.isAtEnd
        else { return nil }
        return (collection, key, value)
    }
}

extension Array where Element == EntryKey {
    fileprivate func checked(_ computed: UInt32, _ stored: UInt32) -> [EntryKey]? {
        computed == stored ? self : nil
    }
}
