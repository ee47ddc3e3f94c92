/// What `waypoint migrate` found and did, per heading: entries copied, entries Redis already held
/// with the same value, and entries Redis holds with a different value (conflicts: then nothing
/// at all is written).
public struct MigrationReport: Sendable, Equatable, CustomStringConvertible {
    public struct Tally: Sendable, Equatable {
        /// Missing from Redis: copied (or, in a dry run or a refused migration, to be copied).
        public var missing = 0
        /// Already in Redis with the same value: left as it is.
        public var present = 0
        /// In Redis with a different value: never overwritten.
        public var conflicting = 0
    }

    /// Headings in the order the entries came.
    public private(set) var groups: [String] = []
    public private(set) var tallies: [String: Tally] = [:]
    /// The first conflicts, described for the operator (`conflictCount` has them all).
    public private(set) var conflicts: [String] = []
    public private(set) var conflictCount = 0
    /// True when the missing entries were written to Redis.
    public internal(set) var wrote = false
    /// `<prefix>version` after the write, when the data changed (instances reload on it).
    public internal(set) var version: Int64?

    static let listedConflicts = 20

    public var missing: Int { tallies.values.reduce(0) { $0 + $1.missing } }
    public var present: Int { tallies.values.reduce(0) { $0 + $1.present } }

    mutating func count(_ entry: MigrationEntry, _ keyPath: WritableKeyPath<Tally, Int>) {
        if tallies[entry.group] == nil { groups.append(entry.group) }
        tallies[entry.group, default: Tally()][keyPath: keyPath] += 1
        if keyPath == \Tally.conflicting {
            conflictCount += 1
            if conflicts.count < Self.listedConflicts {
                conflicts.append("\(entry.group) '\(entry.name)': Redis holds a different value")
            }
        }
    }

    /// Adds a heading with nothing in it, so a collection that is empty still shows as 0.
    mutating func mention(_ group: String) {
        if tallies[group] == nil {
            groups.append(group)
            tallies[group] = Tally()
        }
    }

    /// One line per heading: "catalog.items: 12 copied, 0 already in Redis".
    public var description: String {
        groups.map { group in
            let tally = tallies[group] ?? Tally()
            var line = "\(group): \(tally.missing) \(wrote ? "copied" : "to copy"), \(tally.present) already in Redis"
            if tally.conflicting > 0 { line += ", \(tally.conflicting) different in Redis" }
            return line
        }.joined(separator: "\n")
    }
}
