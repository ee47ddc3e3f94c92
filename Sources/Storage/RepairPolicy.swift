/// What the owner of a store does, inside the repair, with the entries whose history crosses the
/// damage: the store knows only that they may be stale (a lost write may have changed or deleted
/// them); the app knows what that means (a session is ended, an account must set a new password).
/// Its mutations go into the repaired snapshot itself, so no crash can come between the repair
/// and what the app makes of it.
public struct RepairPolicy: Sendable {
    /// One entry that may be stale, with its value as kept (nil when it is absent).
    public struct Suspect: Sendable {
        public var entry: EntryKey
        public var value: [UInt8]?
    }

    /// Changes to the repaired contents and lines for the report.
    public struct Settlement: Sendable {
        public var mutations: [StoreMutation]
        public var notes: [String]

        public init(mutations: [StoreMutation] = [], notes: [String] = []) {
            self.mutations = mutations
            self.notes = notes
        }
    }

    /// Collections whose keys are secrets (session ids): the report counts their entries instead
    /// of naming them.
    public var unnamedCollections: Set<String>
    public var settle: @Sendable ([Suspect]) -> Settlement

    public init(unnamedCollections: Set<String> = [], settle: @escaping @Sendable ([Suspect]) -> Settlement = { _ in Settlement() }) {
        self.unnamedCollections = unnamedCollections
        self.settle = settle
    }
}
