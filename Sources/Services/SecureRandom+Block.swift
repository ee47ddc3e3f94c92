import COpenSSL

#if canImport(Glibc)
import Glibc
#endif

extension SecureRandom {
    /// `count` unpredictable bytes from this thread's block of OpenSSL output, for values made on
    /// every page (the CSRF token's mask): one `RAND_bytes` per block instead of one per page, and
    /// each `RAND_bytes` costs a `getpid` system call (OpenSSL's fork check) and its locking. The
    /// bytes are the CSPRNG's own, only drawn ahead; those handed out are wiped from the block.
    /// Requests larger than a quarter block are drawn directly.
    public static func blockBytes(_ count: Int) -> [UInt8] {
        guard count > 0, count <= RandomBlock.size / 4 else { return bytes(count) }
        return RandomBlock.current.take(count)
    }
}

/// One thread's block of random bytes. Each thread has its own (a pthread key), so taking bytes
/// needs no lock; the block is wiped and freed when its thread ends.
///
/// Waypoint never forks after start-up (a child would otherwise share the parent's next bytes);
/// it only spawns programs, which exec at once.
final class RandomBlock {
    static let size = 4096

    /// The pthread key under which each thread keeps its block; made once, on first use.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<RandomBlock>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "RandomBlock: pthread_key_create failed (\(status))")
        return key
    }()

    /// This thread's block, made on the thread's first draw.
    static var current: RandomBlock {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<RandomBlock>.fromOpaque(pointer).takeUnretainedValue()
        }
        let block = RandomBlock()
        pthread_setspecific(key, Unmanaged.passRetained(block).toOpaque())
        return block
    }

    private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: RandomBlock.size)
    /// Bytes from here to the end are fresh; those before were handed out and wiped.
    private var next = RandomBlock.size

    deinit {
        storage.initialize(repeating: 0, count: Self.size)
        storage.deallocate()
    }

    /// `count` fresh bytes (at most `size`), refilling the block from OpenSSL when too few remain.
    func take(_ count: Int) -> [UInt8] {
        precondition(count <= Self.size, "RandomBlock: \(count) bytes asked of a \(Self.size)-byte block")
        if Self.size - next < count { refill() }
        let start = storage + next
        let taken = [UInt8](UnsafeBufferPointer(start: start, count: count))
        start.initialize(repeating: 0, count: count)
        next += count
        return taken
    }

    private func refill() {
        if RAND_bytes(storage, Int32(Self.size)) != 1 {
            // As `SecureRandom.bytes`: the system CSPRNG fills in should OpenSSL ever fail.
            var system = SystemRandomNumberGenerator()
            for index in 0..<Self.size { storage[index] = system.next() }
        }
        next = 0
    }
}
