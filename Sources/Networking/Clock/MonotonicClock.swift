import Glibc

/// Nanoseconds since an arbitrary point, never going backwards: what the server's timeouts and the
/// Redis client's deadlines and backoff are measured in. Inlinable: the event loop reads it several
/// times a request.
public enum MonotonicClock {
    @inlinable
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
