import Synchronization
@testable import Services

/// Cheap PBKDF2 that counts the hashes it makes, with a hook that runs during the next hash (to
/// let another request in while one is hashing).
final class CountingHasher: PasswordHashing {
    private let inner = PasswordHasher(iterations: 1_000)
    private let state = Mutex<(hashes: Int, hook: (@Sendable () -> Void)?)>((0, nil))

    var iterations: Int { inner.iterations }
    var hashes: Int { state.withLock { $0.hashes } }

    /// Runs `hook` once, inside the next call to `hash`.
    func duringNextHash(_ hook: @escaping @Sendable () -> Void) {
        state.withLock { $0.hook = hook }
    }

    func hash(_ password: String) throws -> PasswordHash {
        let hook = state.withLock { state in
            state.hashes += 1
            defer { state.hook = nil }
            return state.hook
        }
        hook?()
        return try inner.hash(password)
    }

    func verify(_ password: String, against stored: PasswordHash) -> Bool {
        inner.verify(password, against: stored)
    }

    func simulateVerification(_ password: String) {
        inner.simulateVerification(password)
    }
}
