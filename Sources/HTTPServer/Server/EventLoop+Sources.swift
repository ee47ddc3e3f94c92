import CSystem
import Networking

/// The loop as an `EventLoopScheduler`: posted work and descriptors besides its connections (the
/// Redis connections it drives). Sources share the connections' token space, so one epoll wait
/// serves both; their time-outs ride on the loop's sweep.
extension EventLoop: EventLoopScheduler {
    var inEventLoop: Bool { loopThread.isCurrent }

    @discardableResult
    func execute(_ job: @escaping @Sendable () -> Void) -> Bool {
        post(job)
    }

    func register(_ source: any EventLoopSource, writable: Bool) -> Bool {
        loopThread.assertCurrent()
        let token = nextConnectionID
        nextConnectionID += 1
        guard wp_epoll_add(epollFD, source.fd, interest(writable: writable), token) == 0 else { return false }
        sources[token] = source
        return true
    }

    func setWritable(_ source: any EventLoopSource, _ writable: Bool) {
        loopThread.assertCurrent()
        guard let token = token(of: source) else { return }
        _ = wp_epoll_mod(epollFD, source.fd, interest(writable: writable), token)
    }

    func deregister(_ source: any EventLoopSource) {
        loopThread.assertCurrent()
        guard let token = token(of: source) else { return }
        _ = wp_epoll_del(epollFD, source.fd)
        sources[token] = nil
    }

    func beforeNextWait(_ job: @escaping () -> Void) {
        loopThread.assertCurrent()
        beforeWait.append(job)
    }

    func afterNextWait(_ job: @escaping () -> Void) {
        loopThread.assertCurrent()
        afterWait.append(job)
    }

    /// Runs what `beforeNextWait` queued, and what those jobs queue in turn.
    func runBeforeWait() {
        loopThread.assertCurrent()
        while !beforeWait.isEmpty {
            let jobs = beforeWait
            beforeWait.removeAll(keepingCapacity: true)
            for job in jobs { job() }
        }
    }

    func handle(_ events: UInt32, on source: any EventLoopSource) {
        loopThread.assertCurrent()
        source.handleEvent(
            readable: events & (UInt32(WP_EPOLLIN) | UInt32(WP_EPOLLRDHUP)) != 0,
            writable: events & UInt32(WP_EPOLLOUT) != 0,
            failed: events & (UInt32(WP_EPOLLERR) | UInt32(WP_EPOLLHUP)) != 0)
    }

    func tickSources(now: UInt64) {
        loopThread.assertCurrent()
        guard !sources.isEmpty else { return }
        for source in Array(sources.values) { source.tick(now: now) }
    }

    func stopSources() {
        loopThread.assertCurrent()
        let stopping = Array(sources.values)
        for source in stopping {
            _ = wp_epoll_del(epollFD, source.fd)
            source.loopStopped()
        }
        sources.removeAll()
    }

    private func interest(writable: Bool) -> UInt32 {
        UInt32(WP_EPOLLIN) | UInt32(WP_EPOLLRDHUP) | (writable ? UInt32(WP_EPOLLOUT) : 0)
    }

    private func token(of source: any EventLoopSource) -> UInt64? {
        sources.first { $0.value === source }?.key
    }
}
