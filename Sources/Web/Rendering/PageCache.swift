import Coordinators
import Synchronization

/// Pages already rendered, by the screen and token they show. A page is a pure function of the two
/// (templates are fixed outside development), so an equal screen can reuse the bytes: the common
/// case of many requests for the same screen skips building the template data and rendering.
/// Bounded: when full it starts over.
final class PageCache: Sendable {
    struct Key: Hashable, Sendable {
        let screen: Screen
        let csrfToken: String
        /// Computed once, outside the lock.
        let hash: Int

        init(screen: Screen, csrfToken: String) {
            var hasher = Hasher()
            hasher.combine(screen)
            hasher.combine(csrfToken)
            self.screen = screen
            self.csrfToken = csrfToken
            self.hash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.csrfToken == rhs.csrfToken && lhs.screen == rhs.screen
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    private let pages = Mutex<[Key: [UInt8]]>([:])
    let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(1, capacity)
    }

    func page(for key: Key) -> [UInt8]? {
        pages.withLock { $0[key] }
    }

    func store(_ page: [UInt8], for key: Key) {
        pages.withLock { pages in
            if pages.count >= capacity { pages.removeAll(keepingCapacity: true) }
            pages[key] = page
        }
    }
}
