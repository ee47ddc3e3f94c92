import Synchronization

/// Whether this instance should get traffic: not once draining has begun (SIGTERM), nor while
/// its store or templates cannot serve. Liveness (`/healthz`) is another matter.
final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)
    private let check: @Sendable () -> Bool

    /// `check` says whether the store answers and the templates are loaded.
    init(check: @escaping @Sendable () -> Bool) {
        self.check = check
    }

    func beginDraining() {
        draining.store(true, ordering: .releasing)
    }

    var isDraining: Bool { draining.load(ordering: .acquiring) }

    var isReady: Bool { !isDraining && check() }
}
