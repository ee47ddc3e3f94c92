import Glibc

/// Waits for a condition another thread makes true where the code under test offers no event to
/// wait on (a request a server has queued): checks every millisecond, false after `timeout`, so a
/// test fails instead of hanging.
public func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        usleep(1000)
    }
    return true
}
