import ByteCoding

/// A snapshot file, format version 2: the 16-byte header, then the entry count (UInt64) and a
/// CRC-32 of everything before it (UInt32) and four zero bytes, then one record (the journal's
/// framing) per entry, each a single put. Every entry carries its own checksum, so one damaged
/// byte costs one entry, and a record's key checksum still names the entry it lost.
///
/// Loading is one linear pass: each record's checksum, then its put straight into the contents.
enum SnapshotFormat {
    static let prologueSize = FileFormat.headerSize + 16

    static func encode(_ entries: [StoreMutation], generation: UInt64) -> [UInt8] {
        var writer = ByteWriter(capacity: prologueSize + entries.count * 64)
        writer.append(FileFormat.header(magic: FileFormat.snapshotMagic, generation: generation))
        writer.append(UInt64(entries.count))
        writer.append(CRC32.checksum(writer.bytes))
        writer.append(UInt32(0))
        for entry in entries {
            writer.append(FileFormat.record([entry]))
        }
        return writer.bytes
    }

    /// Loads an intact snapshot into `contents`; any damage at all throws, naming its offset.
    static func load(_ bytes: [UInt8], path: String, into contents: inout StoreContents) throws(StorageError) -> FileFormat.Header {
        let header = try FileFormat.readHeader(bytes, magic: FileFormat.snapshotMagic, path: path)
        if header.version == 1 {
            contents.apply(try version1Mutations(bytes, path: path))
            return header
        }
        let declared = try declaredCount(bytes, path: path)
        var offset = prologueSize
        var count = 0
        while offset < bytes.count {
            var reader = ByteReader(bytes[offset...])
            guard let length = reader.read(UInt32.self), let checksum = reader.read(UInt32.self),
                reader.read(UInt32.self) != nil, let payload = reader.read(count: Int(length))
            else {
                throw .corruptSnapshot(path: path, reason: "entry \(count + 1) at byte offset \(offset) runs past the end of the file")
            }
            guard CRC32.checksum(bytes[(offset + 8)..<reader.offset]) == checksum else {
                throw .corruptSnapshot(path: path, reason: "entry \(count + 1) at byte offset \(offset) fails its checksum")
            }
            if let put = MutationCodec.decodeSinglePut(payload) {
                contents.put(put.collection, key: put.key, value: put.value)
            } else if let mutations = MutationCodec.decode(payload) {
                contents.apply(mutations)
            } else {
                throw .corruptSnapshot(path: path, reason: "entry \(count + 1) at byte offset \(offset) does not decode")
            }
            offset = reader.offset
            count += 1
        }
        guard count == declared else {
            throw .corruptSnapshot(path: path, reason: "\(count) entries present, \(declared) declared")
        }
        return header
    }

    /// The entry count of a version-2 prologue, checked against its checksum.
    static func declaredCount(_ bytes: [UInt8], path: String) throws(StorageError) -> Int {
        var reader = ByteReader(bytes[FileFormat.headerSize...])
        guard let count = reader.read(UInt64.self), let checksum = reader.read(UInt32.self), reader.read(UInt32.self) != nil
        else {
            throw .corruptSnapshot(path: path, reason: "cut short before its first entry")
        }
        guard CRC32.checksum(bytes[0..<FileFormat.headerSize + 8]) == checksum, count <= UInt64(bytes.count) else {
            throw .corruptSnapshot(path: path, reason: "its header fails its checksum")
        }
        return Int(count)
    }

    /// A version-1 snapshot: one payload of every entry under one checksum.
    static func version1Mutations(_ bytes: [UInt8], path: String) throws(StorageError) -> [StoreMutation] {
        var reader = ByteReader(bytes[FileFormat.headerSize...])
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
        return mutations
    }

    /// A version-1 snapshot file: for tests of the old format's reader.
    static func encodeVersion1(_ entries: [StoreMutation], generation: UInt64) -> [UInt8] {
        let payload = MutationCodec.encode(entries)
        var writer = ByteWriter(capacity: FileFormat.headerSize + 12 + payload.count)
        writer.append(FileFormat.header(magic: FileFormat.snapshotMagic, generation: generation, version: 1))
        writer.append(UInt64(payload.count))
        writer.append(CRC32.checksum(payload))
        writer.append(payload)
        return writer.bytes
    }
}
