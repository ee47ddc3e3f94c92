/// What `JournalStore.repair` kept and dropped, and where it set the damaged files aside.
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
    /// Copies of the replaced files, kept for inspection; repair never deletes.
    public var setAside: [String]
    /// Anything else worth knowing (a missing journal, a generation gap).
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
        self.setAside = setAside
        self.notes = notes
    }

    public var description: String {
        guard repaired else { return "nothing to repair" }
        var lines = [
            "kept \(snapshotEntriesKept) snapshot entries and \(recordsKept) journal records: "
                + "\(entries) entries in the new snapshot (generation \(generation))",
        ]
        if let snapshotDropped { lines.append("dropped the snapshot: \(snapshotDropped)") }
        for stretch in dropped { lines.append("dropped \(stretch)") }
        if dropped.isEmpty && snapshotDropped == nil { lines.append("dropped nothing") }
        lines += notes
        for path in setAside { lines.append("set aside \(path)") }
        return lines.joined(separator: "\n")
    }
}
