/// What `JournalStore.repair` kept, dropped and could not vouch for, and where it set the damaged
/// files aside.
public struct RepairReport: Hashable, Sendable, CustomStringConvertible {
    /// False when verification found nothing to repair and no file was touched.
    public var repaired: Bool
    /// The generation of the fresh snapshot and journal.
    public var generation: UInt64
    /// Entries carried over from the old snapshot (0 when it was absent or dropped).
    public var snapshotEntriesKept: Int
    /// Journal records replayed into the fresh snapshot.
    public var recordsKept: Int
    /// Entries in the fresh snapshot.
    public var entries: Int
    /// Journal stretches left out, with their offsets in the old journal.
    public var dropped: [JournalDamage]
    /// Why the old snapshot was left out, when it was.
    public var snapshotDropped: String?
    /// What was wrong with the old snapshot when some of its entries were kept.
    public var snapshotDamage: String?
    /// Entries whose history crosses the damage: a lost write may have changed or deleted them
    /// after their last intact write, so what was kept of them (if anything) may be stale.
    public var suspects: [EntryKey]
    /// Suspects absent from the repaired store (a lost write may have created them).
    public var absentSuspects: Set<EntryKey>
    /// Entries of the old snapshot lost to its damage, named by their surviving keys.
    public var lost: [EntryKey]
    /// Damaged stretches whose entries cannot be named (their keys are damaged too, or the
    /// format names none).
    public var unnamedLosses: Int
    /// Collections whose keys are secrets: counted, never named.
    public var unnamedCollections: Set<String>
    /// Copies of the replaced files, kept for inspection; repair never deletes.
    public var setAside: [String]
    /// Anything else worth knowing (a missing journal, a generation gap, what the app did with
    /// the suspects).
    public var notes: [String]

    public init(
        repaired: Bool = false, generation: UInt64 = 0, snapshotEntriesKept: Int = 0, recordsKept: Int = 0,
        entries: Int = 0, dropped: [JournalDamage] = [], snapshotDropped: String? = nil, setAside: [String] = [],
        notes: [String] = []
    ) {
        self.repaired = repaired
        self.generation = generation
        self.snapshotEntriesKept = snapshotEntriesKept
        self.recordsKept = recordsKept
        self.entries = entries
        self.dropped = dropped
        self.snapshotDropped = snapshotDropped
        self.snapshotDamage = nil
        self.suspects = []
        self.absentSuspects = []
        self.lost = []
        self.unnamedLosses = 0
        self.unnamedCollections = []
        self.setAside = setAside
        self.notes = notes
    }

    public var description: String { description(namesPerCollection: 50) }

    /// The report, naming at most `limit` entries of each collection (nil: all of them).
    public func description(namesPerCollection limit: Int?) -> String {
        guard repaired else { return "nothing to repair" }
        var lines = [
            "kept \(snapshotEntriesKept) snapshot entries and \(recordsKept) journal records: "
                + "\(entries) entries in the new snapshot (generation \(generation))",
        ]
        if let snapshotDropped { lines.append("dropped the snapshot: \(snapshotDropped)") }
        if let snapshotDamage { lines.append("the snapshot was damaged: \(snapshotDamage)") }
        for stretch in dropped { lines.append("dropped \(stretch)") }
        if dropped.isEmpty && snapshotDropped == nil && snapshotDamage == nil { lines.append("dropped nothing") }
        if !suspects.isEmpty {
            lines.append("\(suspects.count) entries may be stale (a lost write may have changed or deleted them after their last intact write):")
            lines += names(suspects, limit: limit) { absentSuspects.contains($0) ? " (absent: a lost write may have created it)" : "" }
        }
        if !lost.isEmpty {
            lines.append("\(lost.count) entries of the snapshot were lost to its damage:")
            lines += names(lost, limit: limit) { _ in "" }
        }
        if unnamedLosses > 0 {
            lines.append("\(unnamedLosses) damaged stretches held entries that cannot be named")
        }
        lines += notes
        for path in setAside { lines.append("set aside \(path)") }
        return lines.joined(separator: "\n")
    }

    private func names(_ entries: [EntryKey], limit: Int?, suffix: (EntryKey) -> String) -> [String] {
        var lines: [String] = []
        let byCollection = Dictionary(grouping: entries, by: \.collection)
        for collection in byCollection.keys.sorted() {
            let keys = byCollection[collection] ?? []
            if unnamedCollections.contains(collection) {
                lines.append("  \(collection): \(keys.count) entries (not named: their keys are secrets)")
                continue
            }
            let shown = limit.map { Array(keys.prefix($0)) } ?? keys
            lines += shown.map { "  \($0)\(suffix($0))" }
            if shown.count < keys.count { lines.append("  \(collection): and \(keys.count - shown.count) more (see the report file)") }
        }
        return lines
    }
}
