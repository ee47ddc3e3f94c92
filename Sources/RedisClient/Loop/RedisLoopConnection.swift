import Networking

/// One Redis connection driven by an event loop: the commands of many requests are pipelined on it
/// and their replies, which Redis sends in order, are handed to a FIFO of waiters (RediStack's
/// `RedisCommandHandler` model). Nothing here blocks: a waiter is a callback, run on the loop when
/// its last reply is in.
///
/// Bounded failure: when the oldest waiter has had no reply for `replyTimeout` (checked at the
/// loop's sweeps), or the connection breaks or sends garbage, the connection fails: it is closed
/// (its replies would no longer line up), its owner is told (`onClose`), and only then is every
/// waiter answered with the error, so what an answer wakes already sees the failure.
///
/// A batch (`send` with several commands, e.g. MULTI … EXEC) is written contiguously, so a
/// transaction's commands are never interleaved with another request's. Commands are written
/// before the loop waits again (`beforeNextWait`), so the requests of one pass share a write.
///
/// Replies are handed out `answersPerPass` waiters at a time; the rest wait for the loop's next
/// pass (`afterNextWait`), which first writes the commands parked meanwhile. A page answered from
/// the start of a batch is asked for again while the rest of the batch renders, so with Redis far
/// away the loop renders during round trips instead of the loop and Redis taking turns to idle.
///
/// In subscribe mode (`onPush` given) nothing waits: every reply is a push (a message, a
/// subscription's confirmation, a pong) handed to `onPush`, and a quiet connection is probed with
/// PING so that a Redis that stopped answering is noticed within the reply timeout.
///
/// Loop-thread only, apart from `init`: the loop's thread owns every field.
final class RedisLoopConnection: EventLoopSource, @unchecked Sendable {
    typealias Completion = (Result<[RESPValue], RedisError>) -> Void

    private struct Waiter {
        let expected: Int
        var replies: [RESPValue] = []
        let completion: Completion
    }

    let loop: any EventLoopScheduler
    private let connection: RedisConnection
    private let replyTimeout: UInt64
    private let clock: RedisClock
    /// Told once, on the loop, when the connection failed or closed (nil error: the loop stopped).
    private let onClose: (RedisLoopConnection, RedisError?) -> Void
    /// Told of every reply, so the pool's health reflects traffic on the loops too.
    private let onReply: () -> Void
    /// Subscribe mode: where every reply goes.
    private let onPush: ((RESPValue) -> Void)?
    /// Subscribe mode: when the PING still unanswered went out.
    private var pingSentAt: UInt64?
    private var output: [UInt8] = []
    private var written = 0
    private var waiters: [Waiter] = []
    private var head = 0
    /// When the oldest waiter last saw progress: its first command sent, or any reply since.
    private var lastProgress: UInt64 = 0
    private var watchesWrite = false
    /// A write of `output` is queued to run before the loop waits again (`send`).
    private var writeQueued = false
    /// Waiters answered at most in one pass of the loop.
    private let answersPerPass: Int
    /// Waiters this pass may still answer.
    private var answersLeft: Int
    /// Replies read and not yet handed out wait for the loop's next pass (`resume`).
    private var resumeQueued = false
    /// The limit applies only while replies come this long (ns) or more after the last write.
    private let farRoundTrip: UInt64
    private var lastWriteAt: UInt64 = 0
    /// The last read came `farRoundTrip` or more after the last write: Redis is far.
    private var isFar = false
    private(set) var isOpen = true

    var fd: Int32 { connection.transport.fd }

    /// Waiters not yet answered.
    var pending: Int { waiters.count - head }

    init(connection: RedisConnection, loop: any EventLoopScheduler, clock: RedisClock,
         answersPerPass: Int = RedisLoopClient.defaultAnswersPerPass,
         farRoundTrip: UInt64 = RedisLoopClient.defaultFarRoundTrip,
         onReply: @escaping () -> Void, onPush: ((RESPValue) -> Void)? = nil,
         onClose: @escaping (RedisLoopConnection, RedisError?) -> Void) {
        precondition(answersPerPass > 0, "a pass answers at least one waiter")
        self.answersPerPass = answersPerPass
        self.answersLeft = answersPerPass
        self.farRoundTrip = farRoundTrip
        self.connection = connection
        self.loop = loop
        self.clock = clock
        self.replyTimeout = connection.configuration.replyTimeout.nanoseconds
        self.onReply = onReply
        self.onPush = onPush
        self.onClose = onClose
    }

    /// Subscribe mode: asks for `channels`' messages; the confirmations come back as pushes.
    func subscribe(to channels: [String]) {
        precondition(loop.inEventLoop && onPush != nil, "subscribing on a connection in subscribe mode, on its loop")
        guard isOpen else { return }
        lastProgress = clock.now()
        RedisCommand(["SUBSCRIBE"] + channels).encode(into: &output)
        flush()
    }

    /// Closes the connection on purpose: what waits is answered `.poolClosed`.
    func close() {
        precondition(loop.inEventLoop, "a loop's Redis connection is closed on its own loop")
        guard isOpen else { return }
        isOpen = false
        loop.deregister(self)
        connection.close()
        onClose(self, nil)
        answerAll(.poolClosed)
    }

    /// Queues `commands` (written together, in order) and calls `completion` on the loop with
    /// their replies, error replies as values in place, or with the connection's failure.
    func send(_ commands: [RedisCommand], completion: @escaping Completion) {
        precondition(loop.inEventLoop, "a loop's Redis connection is used on its own loop only")
        guard isOpen else { return completion(.failure(.connectionClosed)) }
        guard !commands.isEmpty else { return completion(.success([])) }
        if pending == 0 { lastProgress = clock.now() }
        for command in commands { command.encode(into: &output) }
        waiters.append(Waiter(expected: commands.count, completion: completion))
        // Written once the loop has handled the events in hand: the commands of every request
        // parked in this pass go out in one write (and Redis reads them in one).
        guard !writeQueued else { return }
        writeQueued = true
        loop.beforeNextWait { [self] in
            writeQueued = false
            flush()
        }
    }

    // MARK: EventLoopSource

    func handleEvent(readable: Bool, writable: Bool, failed: Bool) {
        guard isOpen else { return }
        if failed { return fail(.connectionClosed) }
        // A pass's first event here gets the pass's whole share of answers; with a resume queued,
        // the replies read now wait behind those already read, for the resume.
        if !resumeQueued { answersLeft = answersPerPass }
        // Redis far: the commands parked earlier in this pass go out before the replies' work
        // (rendering) starts. TLS may need to write to read and the other way round: try both.
        if isFar { flush() }
        if isOpen { readAvailable() }
        if isOpen { flush() }
    }

    func tick(now: UInt64) {
        if onPush != nil { return probe(now: now) }
        guard isOpen, pending > 0, now > lastProgress, now - lastProgress > replyTimeout else { return }
        fail(.replyTimeout(command: "pipelined"))
    }

    func loopStopped() {
        guard isOpen else { return }
        isOpen = false
        connection.close()
        onClose(self, nil)
        answerAll(.poolClosed)
    }

    /// Subscribe mode: a connection quiet for a reply timeout gets a PING; one whose PING went
    /// unanswered for another fails.
    private func probe(now: UInt64) {
        guard isOpen, now > lastProgress else { return }
        if let sent = pingSentAt {
            if now - sent > replyTimeout { fail(.replyTimeout(command: "PING")) }
        } else if now - lastProgress > replyTimeout {
            pingSentAt = now
            RedisCommand("PING").encode(into: &output)
            flush()
        }
    }

    // MARK: I/O

    private func flush() {
        if written < output.count { lastWriteAt = clock.now() }
        while isOpen && written < output.count {
            let outcome = output.withUnsafeBytes { connection.transport.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }
            switch outcome {
            case .bytes(let count):
                written += count
            case .wouldBlock:
                watchWrite(true)
                return
            case .closed:
                return fail(.connectionClosed)
            case .failed(let error):
                return fail(error)
            }
        }
        output.removeAll(keepingCapacity: output.count <= 65_536)
        written = 0
        watchWrite(false)
    }

    /// Reads until it would block, or until replies wait for the next pass (then what is unread
    /// stays in the socket, and a connection's end is seen only after what came before it).
    private func readAvailable() {
        while isOpen && !resumeQueued {
            let outcome = connection.readBuffer.withUnsafeMutableBytes { connection.transport.read(into: $0) }
            switch outcome {
            case .bytes(let count):
                isFar = clock.now() &- lastWriteAt >= farRoundTrip
                connection.readBuffer.withUnsafeBytes { connection.parser.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                deliverReplies()
                // A short read drained a plain socket; TLS may hold more records than the socket
                // shows (epoll would not wake for them), so it reads on until it would block.
                if count < connection.readBuffer.count && connection.transport is PlainTransport { return }
            case .wouldBlock(let untilReadable):
                if !untilReadable { watchWrite(true) }
                return
            case .closed:
                return fail(.connectionClosed)
            case .failed(let error):
                return fail(error)
            }
        }
    }

    /// The next pass's share of the replies already read: the commands parked during that pass's
    /// events go out first.
    private func resume() {
        resumeQueued = false
        guard isOpen else { return }
        answersLeft = answersPerPass
        flush()
        deliverReplies()
        // What the socket (or TLS, which epoll cannot see into) still holds.
        if isOpen && !resumeQueued { readAvailable() }
        if isOpen { flush() }
    }

    private func deliverReplies() {
        while isOpen && !resumeQueued {
            // The oldest waiter has all its replies: answered now, or in the next pass when this
            // pass has answered its share (the parser keeps what follows).
            if head < waiters.count && waiters[head].replies.count == waiters[head].expected {
                guard answersLeft > 0 || !isFar else {
                    resumeQueued = true
                    loop.afterNextWait { [self] in resume() }
                    return
                }
                answersLeft -= 1
                let done = waiters[head]
                head += 1
                if head == waiters.count {
                    waiters.removeAll(keepingCapacity: true)
                    head = 0
                } else if head > 64 && head * 2 > waiters.count {
                    waiters.removeFirst(head)
                    head = 0
                }
                onReply()
                // May send again on this connection (appends, never reorders): nothing above is held.
                done.completion(.success(done.replies))
                continue
            }
            let reply: RESPValue
            do {
                guard let next = try connection.parser.next() else { return }
                reply = next
            } catch {
                return fail(.protocolError(error))
            }
            if let onPush {
                lastProgress = clock.now()
                pingSentAt = nil
                onReply()
                onPush(reply)
                continue
            }
            // A reply nobody asked for: the stream is out of step.
            guard head < waiters.count else { return fail(.connectionClosed) }
            lastProgress = clock.now()
            waiters[head].replies.append(reply)
        }
    }

    private func watchWrite(_ wanted: Bool) {
        guard wanted != watchesWrite, isOpen else { return }
        watchesWrite = wanted
        loop.setWritable(self, wanted)
    }

    private func fail(_ error: RedisError) {
        guard isOpen else { return }
        isOpen = false
        loop.deregister(self)
        connection.close()
        // The pool first, then the waiters: code woken by an answer sees the pool failing and no
        // longer finds this connection in its loop's slot (it would send on a closed one).
        onClose(self, error)
        answerAll(error)
    }

    private func answerAll(_ error: RedisError) {
        let waiting = waiters[head...]
        waiters = []
        head = 0
        // One whose replies are all in (held for the next pass) has its answer.
        for waiter in waiting {
            waiter.completion(waiter.replies.count == waiter.expected ? .success(waiter.replies) : .failure(error))
        }
    }
}
