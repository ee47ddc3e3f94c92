/// Who wrote what, and where a repair lost records: the ground for naming the entries whose
/// history crosses the damage. Positions are journal byte offsets; the snapshot comes before all.
struct RepairHistory {
    static let snapshotPosition = -1

    /// Each entry's last intact write (put or delete).
    private(set) var lastWrite: [EntryKey: Int] = [:]
    /// Lost records whose keys are known, with where they were.
    private var namedLosses: [(keys: [EntryKey], position: Int)] = []
    /// The latest position where records of unknown keys were lost.
    private var unknownLoss: Int?

    mutating func wrote(_ mutations: [StoreMutation], at position: Int) {
        for mutation in mutations {
            lastWrite[EntryKey(collection: mutation.collection, key: mutation.key)] = position
        }
    }

    /// Records holding `keys` were lost at `position`.
    mutating func lost(_ keys: [EntryKey], at position: Int) {
        namedLosses.append((keys, position))
    }

    /// Records of unknown keys were lost at `position`: any entry written before may be stale.
    mutating func lostUnknown(at position: Int) {
        unknownLoss = max(unknownLoss ?? position, position)
    }

    /// Entries a lost record may have changed after their last intact write: each named key a
    /// lost record held (present or not), and after a loss of unknown keys every entry still
    /// present whose last write came before it. A write after the loss settles an entry.
    func suspects(present: (EntryKey) -> Bool) -> [EntryKey] {
        var suspects: Set<EntryKey> = []
        for loss in namedLosses {
            for key in loss.keys where (lastWrite[key] ?? Int.min) < loss.position {
                suspects.insert(key)
            }
        }
        if let unknownLoss {
            for (key, position) in lastWrite where position < unknownLoss && present(key) {
                suspects.insert(key)
            }
        }
        return suspects.sorted()
    }
}
