import ByteCoding
/// Every intact record of a journal, and the damaged stretches between and after them.
///
/// Damage with nothing intact after it is a torn tail: what a crash in the middle of an append
/// leaves, and safe to cut. Damage followed by intact records is corruption: cutting there would
/// throw away acknowledged writes, so opening refuses and only an explicit repair goes on. Intact
/// records after damage are found again by trying every following offset for a record whose
/// length fits, whose checksum matches and whose payload decodes.
struct JournalScan {
    struct Record {
        var offset: Int
        var mutations: [StoreMutation]
    }

    var records: [Record] = []
    /// Damaged stretches that intact records follow, in file order.
    var damage: [JournalDamage] = []
    /// Damage at the end of the file with nothing intact after it.
    var tornTail: JournalDamage?
    /// Bytes from the file's start up to the end of the last intact record (the header at least).
    var intactLength: Int

    init(_ bytes: [UInt8], maximumRecordSize: Int) {
        intactLength = FileFormat.headerSize
        var offset = FileFormat.headerSize
        while offset < bytes.count {
            switch Self.record(in: bytes, at: offset, maximumRecordSize: maximumRecordSize) {
            case .success(let (mutations, end)):
                records.append(Record(offset: offset, mutations: mutations))
                offset = end
                intactLength = end
            case .failure(let reason):
                guard let next = Self.nextRecord(in: bytes, after: offset, maximumRecordSize: maximumRecordSize) else {
                    tornTail = JournalDamage(offset: offset, length: bytes.count - offset, reason: reason.value)
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
        in bytes: [UInt8], at offset: Int, maximumRecordSize: Int
    ) -> Result<(mutations: [StoreMutation], end: Int), Failure> {
        var reader = ByteReader(bytes[offset...])
        let available = reader.remaining
        guard let length = reader.read(UInt32.self), let checksum = reader.read(UInt32.self) else {
            return .failure(Failure(value: .truncatedHeader(available: available)))
        }
        guard Int(length) <= maximumRecordSize else {
            return .failure(Failure(value: .implausibleLength(Int(length))))
        }
        guard let payload = reader.read(count: Int(length)) else {
            return .failure(Failure(value: .truncatedRecord(declared: Int(length), available: reader.remaining)))
        }
        let actual = CRC32.checksum(payload)
        guard actual == checksum else {
            return .failure(Failure(value: .checksumMismatch(expected: checksum, actual: actual)))
        }
        guard let mutations = MutationCodec.decode(payload) else {
            return .failure(Failure(value: .undecodablePayload))
        }
        return .success((mutations, reader.offset))
    }

    /// The first offset after `offset` where an intact record starts, if any.
    static func nextRecord(in bytes: [UInt8], after offset: Int, maximumRecordSize: Int) -> Int? {
        // The smallest record: a header, a mutation count and the smallest mutation.
        let smallest = FileFormat.recordHeaderSize + 4 + 9
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var candidate = offset + 1
            while candidate + smallest <= buffer.count {
                if isPlausibleStart(buffer, at: candidate, maximumRecordSize: maximumRecordSize),
                    case .success = record(in: bytes, at: candidate, maximumRecordSize: maximumRecordSize)
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
    /// followed by a known tag. Needs `smallest` bytes at `offset`.
    static func isPlausibleStart(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, maximumRecordSize: Int) -> Bool {
        func word(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let length = word(offset)
        let count = word(offset + FileFormat.recordHeaderSize)
        return length <= maximumRecordSize && length <= bytes.count - offset - FileFormat.recordHeaderSize
            && count > 0 && count <= length / 9 && MutationCodec.isTag(bytes[offset + FileFormat.recordHeaderSize + 4])
    }
}
