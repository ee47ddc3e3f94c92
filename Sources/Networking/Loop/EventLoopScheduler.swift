/// What an event loop offers the code it runs: work posted from any thread, and descriptors of
/// its own (`EventLoopSource`) watched alongside its connections.
public protocol EventLoopScheduler: AnyObject, Sendable {
    /// Whether the caller runs on this loop's thread.
    var inEventLoop: Bool { get }
    /// Runs `job` on the loop's thread: soon after, in order with other posted jobs. Dropped when
    /// the loop has stopped (then false).
    @discardableResult
    func execute(_ job: @escaping @Sendable () -> Void) -> Bool
    /// Loop thread only: watches `source` for reading, and for writing too when `writable`.
    func register(_ source: any EventLoopSource, writable: Bool) -> Bool
    /// Loop thread only: watch `source` for writing as well (or no longer).
    func setWritable(_ source: any EventLoopSource, _ writable: Bool)
    /// Loop thread only: stops watching `source` (the caller closes its descriptor).
    func deregister(_ source: any EventLoopSource)
    /// Loop thread only: runs `job` on this thread once the loop has handled the events it is
    /// handling now, before it waits again. What many requests queue in one pass (their Redis
    /// commands) goes out in one write, not one per request.
    func beforeNextWait(_ job: @escaping () -> Void)
    /// Loop thread only: runs `job` on this thread in the loop's next pass, after the events that
    /// pass brings; that wait only collects what is ready, it does not sleep. Long work split this
    /// way lets what arrived meanwhile in between (the requests a batch of Redis replies answered
    /// send their commands before the rest of the batch renders).
    func afterNextWait(_ job: @escaping () -> Void)
}
