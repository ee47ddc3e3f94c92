/// A snapshot read leniently, for `verify` and `repair`: every intact entry, the damaged stretches
/// with the entries they provably held, and what else is wrong. Loading at start-up is strict
/// (`SnapshotFormat.load`); this is what keeps the rest when one entry is damaged.
struct SnapshotScan {
    var header: FileFormat.Header
    /// False when the header's checksum fails: then its generation is a guess.
    var headerIntact = true
    /// The intact entries.
    var mutations: [StoreMutation] = []
    /// Damaged stretches of entries, with their byte offsets.
    var damage: [JournalDamage] = []
    /// Entries in damaged stretches whose keys survived.
    var lost: [EntryKey] = []
    /// Damaged stretches whose entries cannot be named.
    var unnamedStretches = 0
    /// A version-1 snapshot whose one checksum failed but whose payload still decodes: its entries
    /// are kept, and every one of them may be the damaged one.
    var unverified = false
    var problems: [String] = []

    var isIntact: Bool { damage.isEmpty && problems.isEmpty && !unverified }

    init(_ bytes: [UInt8], path: String, maximumRecordSize: Int) throws(StorageError) {
        do {
            header = try FileFormat.readHeader(bytes, magic: FileFormat.snapshotMagic, path: path)
        } catch .notAStoreFile where bytes.count >= SnapshotFormat.prologueSize {
            // Damaged magic bytes: the entries after them are worth as much as ever.
            var reader = ByteReader(bytes[8..<16])
            header = FileFormat.Header(version: FileFormat.version, generation: reader.read(UInt64.self) ?? 0)
            headerIntact = false
            problems.append("\(StorageError.notAStoreFile(path: path)); its entries were read anyway")
        }
        if header.version == 1 {
            scanVersion1(bytes, path: path)
            return
        }
        var declared: Int?
        if let count = try? SnapshotFormat.declaredCount(bytes, path: path) {
            declared = count
        } else if headerIntact {
            headerIntact = false
            problems.append("its header fails its checksum (generation \(header.generation) is unproven)")
        }
        let start = min(SnapshotFormat.prologueSize, bytes.count)
        let scan = JournalScan(bytes, from: start, layout: header.layout, maximumRecordSize: maximumRecordSize)
        for record in scan.records { mutations += record.mutations }
        // A snapshot is renamed into place whole: a short one is damage too.
        damage = scan.damage + (scan.tornTail.map { [$0] } ?? [])
        for stretch in damage {
            if let keys = JournalScan.namedKeys(in: bytes, stretch: stretch, layout: header.layout) {
                lost += keys
            } else {
                unnamedStretches += 1
            }
        }
        if let declared, declared != mutations.count + lost.count, unnamedStretches == 0 {
            problems.append("\(mutations.count + lost.count) entries present, \(declared) declared")
            unnamedStretches += 1
        }
    }

    private mutating func scanVersion1(_ bytes: [UInt8], path: String) {
        do {
            mutations = try SnapshotFormat.version1Mutations(bytes, path: path)
        } catch {
            problems.append("\(error)")
            damage = [JournalDamage(offset: FileFormat.headerSize, length: bytes.count - FileFormat.headerSize, reason: .undecodablePayload)]
            var reader = ByteReader(bytes[FileFormat.headerSize...])
            if reader.read(UInt64.self) != nil, reader.read(UInt32.self) != nil,
                let salvaged = MutationCodec.decode(bytes[reader.offset...])
            {
                mutations = salvaged
                unverified = true
            } else {
                unnamedStretches = 1
            }
        }
    }

    var summary: String {
        var parts = ["generation \(header.generation)", "format version \(header.version)", "\(mutations.count) intact entries"]
        if !damage.isEmpty {
            parts.append("\(damage.count) damaged stretches (\(lost.count) entries named, \(unnamedStretches) stretches unnamed)")
        }
        if unverified { parts.append("kept unverified: the one checksum of this old-format snapshot fails") }
        return (parts + problems).joined(separator: ", ")
    }
}
