import ByteCoding
/// The on-disk layout, little-endian throughout.
///
/// Both files start with a 16-byte header: 4 magic bytes, the format version (UInt32) and the
/// generation (UInt64). A journal then holds records: payload length (UInt32), CRC-32 of the
/// payload (UInt32), payload. A snapshot holds exactly one payload: length (UInt64), CRC-32, payload.
/// A snapshot of generation G plus the journal of generation G is the whole state.
enum FileFormat {
    static let version: UInt32 = 1
    static let journalMagic: [UInt8] = Array("WPJL".utf8)
    static let snapshotMagic: [UInt8] = Array("WPSN".utf8)
    static let headerSize = 16
    static let recordHeaderSize = 8

    static func header(magic: [UInt8], generation: UInt64) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize)
        writer.append(magic)
        writer.append(version)
        writer.append(generation)
        return writer.bytes
    }

    /// The generation recorded in a header, after checking magic and version.
    static func generation(inHeaderOf bytes: [UInt8], magic: [UInt8], path: String) throws(StorageError) -> UInt64 {
        var reader = ByteReader(bytes[...])
        guard let found = reader.read(count: magic.count), Array(found) == magic else {
            throw .notAStoreFile(path: path)
        }
        guard let version = reader.read(UInt32.self), let generation = reader.read(UInt64.self) else {
            throw .notAStoreFile(path: path)
        }
        guard version == Self.version else {
            throw .unsupportedVersion(path: path, found: version, supported: Self.version)
        }
        return generation
    }

    static func record(_ payload: [UInt8]) -> [UInt8] {
        var writer = ByteWriter(capacity: recordHeaderSize + payload.count)
        writer.append(UInt32(payload.count))
        writer.append(CRC32.checksum(payload))
        writer.append(payload)
        return writer.bytes
    }

    static func snapshot(_ payload: [UInt8], generation: UInt64) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize + 12 + payload.count)
        writer.append(header(magic: snapshotMagic, generation: generation))
        writer.append(UInt64(payload.count))
        writer.append(CRC32.checksum(payload))
        writer.append(payload)
        return writer.bytes
    }

    /// The mutations a snapshot file holds, with its generation.
    static func readSnapshot(_ bytes: [UInt8], path: String) throws(StorageError) -> (generation: UInt64, mutations: [StoreMutation]) {
        let generation = try generation(inHeaderOf: bytes, magic: snapshotMagic, path: path)
        var reader = ByteReader(bytes[headerSize...])
        guard let length = reader.read(UInt64.self), let checksum = reader.read(UInt32.self) else {
            throw .corruptSnapshot(path: path, reason: "truncated payload header")
        }
        guard length == UInt64(reader.remaining), let payload = reader.read(count: Int(length)) else {
            throw .corruptSnapshot(path: path, reason: "payload length \(length) but \(reader.remaining) bytes present")
        }
        let actual = CRC32.checksum(payload)
        guard actual == checksum else {
            throw .corruptSnapshot(path: path, reason: "checksum mismatch (stored \(checksum), computed \(actual))")
        }
        guard let mutations = MutationCodec.decode(payload) else {
            throw .corruptSnapshot(path: path, reason: "undecodable payload")
        }
        return (generation, mutations)
    }
}
