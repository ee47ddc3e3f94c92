import ByteCoding

/// Every intact record of a journal (or of a snapshot's body), and the damaged stretches between
/// and after them.
///
/// Only a record cut short (its header or payload runs past the end of the file, or the rest of
/// the file is zeros: bytes that never reached the disk) is a torn tail: what a crash in the
/// middle of an append leaves, never acknowledged, and safe to cut. Anything else that fails is
/// damage: a complete record whose checksum fails was written whole and acknowledged, and cutting
/// it would silently lose (or undo) a write. Intact records after damage are found again by trying
/// every following offset for a record whose length fits, whose checksum matches and whose
/// payload decodes.
struct JournalScan {
    struct Record {
        var offset: Int
        var mutations: [StoreMutation]
    }

    var layout: RecordLayout
    var records: [Record] = []
    /// Damaged stretches, in file order (one at the very end included).
    var damage: [JournalDamage] = []
    /// A record cut short at the end of the file.
    var tornTail: JournalDamage?
    /// Bytes from the file's start up to the end of the last intact record (the header at least).
    var intactLength: Int

    init(_ bytes: [UInt8], from start: Int = FileFormat.headerSize, layout: RecordLayout, maximumRecordSize: Int) {
        self.layout = layout
        intactLength = start
        var offset = start
        while offset < bytes.count {
            switch Self.record(in: bytes, at: offset, layout: layout, maximumRecordSize: maximumRecordSize) {
            case .success(let (mutations, end)):
                records.append(Record(offset: offset, mutations: mutations))
                offset = end
                intactLength = end
            case .failure(let reason):
                guard let next = Self.nextRecord(in: bytes, after: offset, layout: layout, maximumRecordSize: maximumRecordSize) else {
                    let stretch = JournalDamage(offset: offset, length: bytes.count - offset, reason: reason.value)
                    if reason.value.isCutShort {
                        tornTail = stretch
                    } else if bytes[offset...].allSatisfy({ $0 == 0 }) {
                        tornTail = JournalDamage(offset: offset, length: stretch.length, reason: .zeroFilled(length: stretch.length))
                    } else {
                        damage.append(stretch)
                    }
                    return
                }
                damage.append(JournalDamage(offset: offset, length: next - offset, reason: reason.value))
                offset = next
            }
        }
    }

    var isIntact: Bool { damage.isEmpty && tornTail == nil }

    /// `CutReason` is not an `Error`; this carries it through `Result`.
    struct Failure: Error {
        var value: RecoveryReport.CutReason
    }

    /// The record starting at `offset` and the offset just past it, or why there is none.
    static func record(
        in bytes: [UInt8], at offset: Int, layout: RecordLayout, maximumRecordSize: Int
    ) -> Result<(mutations: [StoreMutation], end: Int), Failure> {
        var reader = ByteReader(bytes[offset...])
        let available = reader.remaining
        guard available >= layout.headerSize, let length = reader.read(UInt32.self), let checksum = reader.read(UInt32.self)
        else {
            return .failure(Failure(value: .truncatedHeader(available: available)))
        }
        let checked = reader.offset
        if layout.hasKeyChecksum { _ = reader.read(UInt32.self) }
        guard Int(length) <= maximumRecordSize else {
            return .failure(Failure(value: .implausibleLength(Int(length))))
        }
        guard let payload = reader.read(count: Int(length)) else {
            return .failure(Failure(value: .truncatedRecord(declared: Int(length), available: reader.remaining)))
        }
        // Version 2's checksum covers the key checksum too: no damaged byte goes unnoticed.
        let actual = CRC32.checksum(bytes[checked..<reader.offset])
        guard actual == checksum else {
            return .failure(Failure(value: .checksumMismatch(expected: checksum, actual: actual)))
        }
        guard let mutations = MutationCodec.decode(payload) else {
            return .failure(Failure(value: .undecodablePayload))
        }
        return .success((mutations, reader.offset))
    }

    /// The first offset after `offset` where an intact record starts, if any.
    static func nextRecord(in bytes: [UInt8], after offset: Int, layout: RecordLayout, maximumRecordSize: Int) -> Int? {
        let smallest = layout.smallestRecord
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var candidate = offset + 1
            while candidate + smallest <= buffer.count {
                if isPlausibleStart(buffer, at: candidate, layout: layout, maximumRecordSize: maximumRecordSize),
                    case .success = record(in: bytes, at: candidate, layout: layout, maximumRecordSize: maximumRecordSize)
                {
                    return candidate
                }
                candidate += 1
            }
            return nil
        }
    }

    /// A constant-time filter before the checksum, so scanning a long damaged stretch stays cheap:
    /// the length fits, and the payload opens with a non-zero mutation count that fits in it,
    /// followed by a known tag. Needs `layout.smallestRecord` bytes at `offset`.
    static func isPlausibleStart(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, layout: RecordLayout, maximumRecordSize: Int
    ) -> Bool {
        func word(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let length = word(offset)
        let count = word(offset + layout.headerSize)
        return length <= maximumRecordSize && length <= bytes.count - offset - layout.headerSize
            && count > 0 && count <= length / 9 && MutationCodec.isTag(bytes[offset + layout.headerSize + 4])
    }

    /// The entries a damaged stretch touched, when every record in it still proves its keys (a
    /// version-2 record damaged in its values only); nil when they cannot be told.
    static func namedKeys(in bytes: [UInt8], stretch: JournalDamage, layout: RecordLayout) -> [EntryKey]? {
        guard layout.hasKeyChecksum else { return nil }
        let end = stretch.offset + stretch.length
        var offset = stretch.offset
        var keys: [EntryKey] = []
        while offset < end {
            var reader = ByteReader(bytes[offset..<end])
            guard let length = reader.read(UInt32.self), reader.read(UInt32.self) != nil,
                let keyChecksum = reader.read(UInt32.self), let payload = reader.read(count: Int(length)),
                let named = MutationCodec.namedKeys(payload, keyChecksum: keyChecksum)
            else { return nil }
            keys += named
            offset = reader.offset
        }
        return keys
    }
}
