/// How a record is framed in a given format version. Version 1 frames a payload with its length
/// and checksum; version 2 adds a checksum of the payload's keys alone, so a record whose payload
/// is damaged can still say which entries it touched (see `MutationCodec.namedKeys`).
struct RecordLayout: Hashable, Sendable {
    let version: UInt32

    static let current = RecordLayout(version: FileFormat.version)
    static let version1 = RecordLayout(version: 1)

    var headerSize: Int { version >= 2 ? 12 : 8 }
    var hasKeyChecksum: Bool { version >= 2 }
    /// The smallest record: a header, a mutation count and the smallest mutation.
    var smallestRecord: Int { headerSize + 4 + 9 }
}
