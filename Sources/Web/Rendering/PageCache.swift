import Coordinators
import Synchronization

/// Pages already rendered, one per URL and token. A page is a pure function of its screen and
/// token (templates are fixed outside development), so when the screen shown at a URL equals the
/// one rendered last time, the bytes are reused: repeated requests for a screen skip building the
/// template data and rendering. Looked up by a cheap key, confirmed by comparing whole screens.
/// Bounded: when full it starts over.
final class PageCache: Sendable {
    private struct Entry: Sendable {
        var screen: Screen
        var csrfToken: String
        var page: [UInt8]
    }

    /// A share of the entries behind its own lock, so event loops rarely wait for each other.
    private final class Shard: Sendable {
        let entries = Mutex<[Int: Entry]>([:])
    }

    private let shards: [Shard]
    /// Entries per shard.
    let capacity: Int

    init(capacity: Int = 512, shards: Int = 8) {
        let count = max(1, shards)
        self.shards = (0..<count).map { _ in Shard() }
        self.capacity = max(1, capacity / count)
    }

    /// The rendered page for exactly this screen and token, if it is here.
    func page(for screen: Screen, csrfToken: String) -> [UInt8]? {
        let key = Self.key(screen, csrfToken)
        guard let entry = shard(key).entries.withLock({ $0[key] }),
            entry.csrfToken == csrfToken, entry.screen == screen
        else { return nil }
        return entry.page
    }

    func store(_ page: [UInt8], for screen: Screen, csrfToken: String) {
        let key = Self.key(screen, csrfToken)
        let entry = Entry(screen: screen, csrfToken: csrfToken, page: page)
        shard(key).entries.withLock { entries in
            if entries.count >= capacity && entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }

    private func shard(_ key: Int) -> Shard {
        shards[Int(UInt(bitPattern: key) % UInt(shards.count))]
    }

    private static func key(_ screen: Screen, _ csrfToken: String) -> Int {
        var hasher = Hasher()
        hasher.combine(screen.url)
        hasher.combine(screen.status)
        hasher.combine(csrfToken)
        return hasher.finalize()
    }
}
