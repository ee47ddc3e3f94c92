import Synchronization

/// The server-wide cap on open connections, shared by every event loop.
final class ConnectionLimiter: Sendable {
    let maximum: Int
    private let open = Atomic<Int>(0)

    init(maximum: Int) { self.maximum = maximum }

    var openConnections: Int { open.load(ordering: .relaxed) }

    /// Takes a slot, or returns false when the cap is reached.
    func acquire() -> Bool {
        if open.wrappingAdd(1, ordering: .relaxed).newValue > maximum {
            open.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    func release() { open.wrappingSubtract(1, ordering: .relaxed) }
}
