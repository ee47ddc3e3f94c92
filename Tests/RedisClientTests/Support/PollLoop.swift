import Glibc
import Networking
import Synchronization

/// A minimal event loop for the Redis client's tests: one thread, poll(2) over its sources and a
/// wake pipe, the sources' ticks every few milliseconds. Marked as an event loop, so a blocking
/// Redis call made on it traps as it would on the server's.
final class PollLoop: EventLoopScheduler, @unchecked Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let running = Atomic<Bool>(true)
    private let threadID = Atomic<UInt>(0)
    private var wake: [Int32] = [0, 0]
    // Loop-only.
    private var sources: [(source: any EventLoopSource, writable: Bool)] = []
    private var beforeWait: [() -> Void] = []
    private var afterWait: [() -> Void] = []
    private var thread = pthread_t()

    init() {
        _ = pipe(&wake)
        for fd in wake { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let loop = Unmanaged<PollLoop>.fromOpaque(context!).takeRetainedValue()
            loop.run()
            return nil
        }, context)
        // The new thread's pthread_self(): set here too, so the loop is known before init returns.
        threadID.store(UInt(thread), ordering: .releasing)
    }

    func stop() {
        running.store(false, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        pthread_join(thread, nil)
        close(wake[0])
        close(wake[1])
    }

    var inEventLoop: Bool { threadID.load(ordering: .acquiring) == UInt(pthread_self()) }

    @discardableResult
    func execute(_ job: @escaping @Sendable () -> Void) -> Bool {
        guard running.load(ordering: .acquiring) else { return false }
        jobs.withLock { $0.append(job) }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        return true
    }

    func register(_ source: any EventLoopSource, writable: Bool) -> Bool {
        sources.append((source, writable))
        return true
    }

    func setWritable(_ source: any EventLoopSource, _ writable: Bool) {
        if let index = sources.firstIndex(where: { $0.source === source }) { sources[index].writable = writable }
    }

    func deregister(_ source: any EventLoopSource) {
        sources.removeAll { $0.source === source }
    }

    func beforeNextWait(_ job: @escaping () -> Void) {
        beforeWait.append(job)
    }

    func afterNextWait(_ job: @escaping () -> Void) {
        afterWait.append(job)
    }

    private func run() {
        EventLoopThread.mark(true)
        threadID.store(UInt(pthread_self()), ordering: .releasing)
        var buffer = [UInt8](repeating: 0, count: 64)
        while running.load(ordering: .acquiring) {
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            let watched = sources
            for entry in watched {
                fds.append(pollfd(fd: entry.source.fd, events: Int16(POLLIN) | (entry.writable ? Int16(POLLOUT) : 0), revents: 0))
            }
            let resuming = afterWait
            afterWait = []
            _ = poll(&fds, nfds_t(fds.count), resuming.isEmpty ? 5 : 0)
            if fds[0].revents != 0 { _ = read(wake[0], &buffer, buffer.count) }
            // Posted work is an event of this wait, as on the server's loop: what the events below
            // post runs in the next pass.
            let posted = jobs.withLock { jobs in defer { jobs = [] }; return jobs }
            for (index, entry) in watched.enumerated() where fds[index + 1].revents != 0 {
                let events = Int32(fds[index + 1].revents)
                entry.source.handleEvent(
                    readable: events & Int32(POLLIN) != 0, writable: events & Int32(POLLOUT) != 0,
                    failed: events & (Int32(POLLERR) | Int32(POLLHUP)) != 0)
            }
            for job in posted { job() }
            for job in resuming { job() }
            while !beforeWait.isEmpty {
                let queued = beforeWait
                beforeWait = []
                for job in queued { job() }
            }
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            let now = UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
            for entry in sources { entry.source.tick(now: now) }
        }
        for entry in sources { entry.source.loopStopped() }
        sources = []
        EventLoopThread.mark(false)
    }
}
