/// Something besides the server's own connections that owns a descriptor on an event loop: a
/// Redis connection the loop drives, so that a request waiting for Redis holds no thread. Every
/// method is called on the loop's thread.
public protocol EventLoopSource: AnyObject {
    /// The non-blocking descriptor the loop watches.
    var fd: Int32 { get }
    /// The descriptor is readable, writable, or hung up (`failed`).
    func handleEvent(readable: Bool, writable: Bool, failed: Bool)
    /// Called at every sweep of the loop's timers (at most a quarter second apart): time-outs.
    /// `now`: monotonic nanoseconds.
    func tick(now: UInt64)
    /// The loop is stopping: the source is no longer watched and must fail what waits on it.
    func loopStopped()
}
