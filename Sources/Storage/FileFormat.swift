import ByteCoding

/// The on-disk layout, little-endian throughout.
///
/// Both files start with a 16-byte header: 4 magic bytes, the format version (UInt32) and the
/// generation (UInt64). A journal then holds records: payload length (UInt32), CRC-32 of all
/// that follows (UInt32), CRC-32 of the payload's keys alone (UInt32, see `MutationCodec`), payload.
/// A snapshot (see `SnapshotFormat`) holds one such record per entry, so damage costs only the
/// entries it hits. A snapshot of generation G plus the journal of generation G is the whole state.
///
/// Version 1 (records without the key checksum, a snapshot as one checksummed payload) is still
/// read; a store opened on version-1 files rewrites them as version 2 at once.
enum FileFormat {
    static let version: UInt32 = 2
    static let oldestReadableVersion: UInt32 = 1
    static let journalMagic: [UInt8] = Array("WPJL".utf8)
    static let snapshotMagic: [UInt8] = Array("WPSN".utf8)
    static let headerSize = 16
    /// The current layout's record header.
    static let recordHeaderSize = RecordLayout.current.headerSize

    struct Header: Hashable, Sendable {
        var version: UInt32
        var generation: UInt64
        var layout: RecordLayout { RecordLayout(version: version) }
    }

    static func header(magic: [UInt8], generation: UInt64, version: UInt32 = version) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize)
        writer.append(magic)
        writer.append(version)
        writer.append(generation)
        return writer.bytes
    }

    /// The version and generation recorded in a header, after checking magic and version.
    static func readHeader(_ bytes: [UInt8], magic: [UInt8], path: String) throws(StorageError) -> Header {
        var reader = ByteReader(bytes[...])
        guard let found = reader.read(count: magic.count), Array(found) == magic else {
            throw .notAStoreFile(path: path)
        }
        guard let version = reader.read(UInt32.self), let generation = reader.read(UInt64.self) else {
            throw .notAStoreFile(path: path)
        }
        guard (oldestReadableVersion...Self.version).contains(version) else {
            throw .unsupportedVersion(path: path, found: version, supported: Self.version)
        }
        return Header(version: version, generation: generation)
    }

    /// A record of the current layout holding `mutations`.
    static func record(_ mutations: [StoreMutation]) -> [UInt8] {
        let (payload, keyChecksum) = MutationCodec.encodeWithKeyChecksum(mutations)
        var writer = ByteWriter(capacity: recordHeaderSize + payload.count)
        writer.append(UInt32(payload.count))
        var keyBytes = ByteWriter(capacity: 4)
        keyBytes.append(keyChecksum)
        writer.append(CRC32.checksum(payload, seed: CRC32.checksum(keyBytes.bytes)))
        writer.append(keyChecksum)
        writer.append(payload)
        return writer.bytes
    }

    /// A version-1 record (no key checksum): for tests of the old format's reader.
    static func version1Record(_ mutations: [StoreMutation]) -> [UInt8] {
        let payload = MutationCodec.encode(mutations)
        var writer = ByteWriter(capacity: 8 + payload.count)
        writer.append(UInt32(payload.count))
        writer.append(CRC32.checksum(payload))
        writer.append(payload)
        return writer.bytes
    }
}
