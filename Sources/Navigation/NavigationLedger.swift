/// The last few navigation events of one session, oldest first, bounded so a long-lived session
/// costs the same as a new one.
public struct NavigationLedger: Sendable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case push, pop, present, dismiss, reset
        /// A screen shown outside any stack (the account screens).
        case show
        /// A child coordinator joined its parent, or left it when its flow was done.
        case start, finish
    }

    public struct Entry: Hashable, Sendable, Codable {
        public var kind: Kind
        /// The coordinator that took the step (`FlowCoordinator`).
        public var coordinator: String
        /// The page, as the coordinator describes it (usually its printed route).
        public var page: String
        /// Milliseconds since 1970-01-01 UTC, from the injected clock.
        public var timestamp: Int64

        public init(kind: Kind, coordinator: String, page: String, timestamp: Int64) {
            self.kind = kind
            self.coordinator = coordinator
            self.page = page
            self.timestamp = timestamp
        }
    }

    public let capacity: Int
    private var ring: [Entry] = []
    private var start = 0
    /// Every event ever recorded, including those that fell off the end.
    public private(set) var totalRecorded = 0

    public init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// Oldest first.
    public var entries: [Entry] {
        Array(ring[start...] + ring[..<start])
    }

    public var count: Int { ring.count }

    /// Once full, overwrites the oldest entry, so recording never grows past `capacity`.
    public mutating func record(_ entry: Entry) {
        totalRecorded += 1
        if ring.count < capacity {
            ring.append(entry)
        } else {
            ring[start] = entry
            start = (start + 1) % capacity
        }
    }

    /// Records each step, describing its page with `describe`.
    public mutating func record<Page>(
        _ steps: [NavigationStep<Page>], coordinator: String, at timestamp: Int64, describe: (Page) -> String
    ) {
        for step in steps {
            record(Entry(kind: step.kind, coordinator: coordinator, page: describe(step.page), timestamp: timestamp))
        }
    }
}

/// Equality, hashing and coding go by the entries, never by where the ring happens to start, so a
/// decoded ledger equals the one encoded and hostile input cannot break the ring's invariants.
extension NavigationLedger: Hashable, Codable {
    private enum CodingKeys: String, CodingKey {
        case capacity, entries, totalRecorded
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(capacity: try container.decode(Int.self, forKey: .capacity))
        for entry in try container.decode([Entry].self, forKey: .entries) {
            record(entry)
        }
        totalRecorded = max(totalRecorded, try container.decode(Int.self, forKey: .totalRecorded))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(capacity, forKey: .capacity)
        try container.encode(entries, forKey: .entries)
        try container.encode(totalRecorded, forKey: .totalRecorded)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.capacity == rhs.capacity && lhs.totalRecorded == rhs.totalRecorded && lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(totalRecorded)
        hasher.combine(entries)
    }
}
