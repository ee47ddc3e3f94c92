import CSystem
import Glibc

/// Counts free connection slots in an eventfd semaphore, so a borrower can wait for one with a
/// timeout (poll) while others return theirs from any thread.
final class PoolSlots: @unchecked Sendable {
    private let fd: Int32

    init(count: Int) {
        fd = eventfd(UInt32(max(1, count)), Int32(EFD_SEMAPHORE) | Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        precondition(fd >= 0, "eventfd failed: errno \(errno)")
    }

    deinit { Glibc.close(fd) }

    /// Takes one slot, waiting until `deadline`; false when none became free in time.
    func acquire(deadline: UInt64, clock: RedisClock) -> Bool {
        while true {
            var value: UInt64 = 0
            if Glibc.read(fd, &value, 8) == 8 { return true }
            guard errno == EAGAIN || errno == EINTR else { return false }
            guard case .ready = SocketWait.wait(fd, readable: true, writable: false, deadline: deadline, clock: clock) else {
                return false
            }
        }
    }

    func release() {
        var one: UInt64 = 1
        _ = Glibc.write(fd, &one, 8)
    }
}
