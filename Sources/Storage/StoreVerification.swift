/// What `JournalStore.verify` found in each of a store's files. Verifying reads only: it takes no
/// lock and creates nothing, so it is safe beside a running server (which may be mid-append, and
/// then shows a torn tail).
public struct StoreVerification: Hashable, Sendable, CustomStringConvertible {
    public enum Condition: String, Hashable, Sendable {
        /// Every byte accounted for.
        case intact
        /// Not there, and nothing needs it (a store before its first write has no snapshot).
        case absent
        /// A torn tail or a journal older than the snapshot: what a crash leaves; the next start
        /// fixes it by itself and loses nothing that was acknowledged.
        case recoverable
        /// The store refuses to open until it is repaired.
        case damaged
    }

    public struct File: Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var condition: Condition
        /// What the file holds, or what is wrong with it.
        public var detail: String
        /// The damaged stretches, with their byte offsets (journal only).
        public var damage: [JournalDamage]

        public init(path: String, condition: Condition, detail: String, damage: [JournalDamage] = []) {
            self.path = path
            self.condition = condition
            self.detail = detail
            self.damage = damage
        }

        public var description: String {
            var lines = ["\(path): \(condition.rawValue), \(detail)"]
            for stretch in damage {
                lines.append("  damaged: \(stretch)")
            }
            return lines.joined(separator: "\n")
        }
    }

    public var files: [File]

    public init(files: [File]) {
        self.files = files
    }

    /// True unless some file is damaged: the store opens, losing nothing acknowledged.
    public var isIntact: Bool { !files.contains { $0.condition == .damaged } }

    public var description: String {
        files.map(\.description).joined(separator: "\n")
    }
}
