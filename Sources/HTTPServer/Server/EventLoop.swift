import CSystem
import Deflate
import Glibc
import HTTPCore
import Log
import Networking
import Synchronization

/// One thread, one epoll instance, its own listening socket (SO_REUSEPORT) and the connections it
/// accepted. `@unchecked Sendable` because its loop-only state is guarded by `loopThread`: every
/// method that touches it asserts (debug builds) that it runs on the loop's thread; the methods
/// other threads may call (`deliver`, `requestShutdown`, `openConnections`) go through the inbox
/// or atomics.
final class EventLoop: @unchecked Sendable {
    struct Settings: Sendable {
        var machine: ConnectionStateMachine.Configuration
        var shutdownGracePeriod: UInt64
        /// Wraps each accepted socket (TLS plugs in here); nil when it cannot, and the socket is closed.
        var makeTransport: @Sendable (Int32) -> (any ConnectionTransport)? = { PlainTransport(fd: $0) }
        var isSecure = false
        /// From accept until the transport is established (TLS handshakes); nil when nothing is negotiated.
        var handshakeTimeout: UInt64?
        /// Whose forwarding header names the client (nginx's realip, done once for every responder).
        var proxies = TrustedProxies()
        /// Open event streams at most, across all loops: what is left of the connection cap stays
        /// for pages.
        var streamBudget = ConnectionLimiter(maximum: 0)
        /// A quiet stream gets a comment line this often.
        var streamHeartbeat: UInt64 = 15_000_000_000
        /// A stream whose peer lets this much pile up unread is closed (the browser reconnects and
        /// resumes from its last event id).
        var maxStreamBacklog = 256 * 1024
        /// What one read of a connection takes at most (smaller in tests, to make a TLS read leave
        /// input inside OpenSSL).
        var readBufferSize = 64 * 1024
    }

    private enum Message {
        case reply(HTTPResponse, ExchangeLabel?, field: ConnectionStateMachine.Field?, connectionID: UInt64, sequence: Int)
        case shutdown
        /// A connection a sibling accepted at the cap with no idle connection of its own to close:
        /// admitted here in place of one of this loop's idle connections, or refused.
        case adopt(fd: Int32, remoteAddress: String)
        case openStream(HTTPResponse, connectionID: UInt64, sequence: Int, opened: @Sendable (EventStream?) -> Void)
        /// Bytes for a stream; nil closes it.
        case streamBytes([UInt8]?, connectionID: UInt64)
        /// Work posted through `execute` (EventLoop+Sources.swift).
        case task(@Sendable () -> Void)
    }

    private struct Inbox {
        var messages: [Message] = []
        var isRunning = true
    }

    private static let listenerToken: UInt64 = 0
    private static let wakeToken: UInt64 = 1
    private static let readInterest = UInt32(WP_EPOLLIN) | UInt32(WP_EPOLLRDHUP)

    private let settings: Settings
    private let responder: any HTTPResponder
    private let logger: Logger
    private let limiter: ConnectionLimiter
    let epollFD: Int32
    private let wakeFD: Int32
    private let inbox = Mutex(Inbox())
    let loopThread = LoopThread()
    /// How many connections sit idle here, for siblings looking for one to close at the cap.
    private let idleCount = Atomic<Int>(0)
    /// How many connections this loop holds, idle or not: one that is about to go idle (its answer
    /// written, its state not yet updated) is found only by the loop itself.
    private let openCount = Atomic<Int>(0)
    /// This loop's request counts and latencies, merged with the other loops' when scraped.
    let requestMetrics = RequestMetrics()
    /// The server's other loops; set once before any loop runs, cleared by this loop when it finishes.
    var siblings: [EventLoop] = []

    // Loop-only state: touched only by methods that assert `loopThread.assertCurrent()`. What every
    // request reads or changes skips the runtime exclusivity check (a tracked access each time):
    // one thread, one step at a time.
    private var listenerFD: Int32
    @exclusivity(unchecked) private var connections: [UInt64: Connection] = [:]
    /// The same connections by `Connection.tableIndex`, which their epoll tokens carry: an event
    /// finds its connection by index. An index freed in a pass is reused only after it (`freedIndices`),
    /// since events of that pass may still name it.
    @exclusivity(unchecked) private var table: [Connection?] = []
    private var freeIndices: [Int] = []
    private var freedIndices: [Int] = []
    /// Descriptors besides connections (Redis connections), by token; see EventLoop+Sources.swift.
    var sources: [UInt64: any EventLoopSource] = [:]
    /// Jobs to run before the next wait (`beforeNextWait`, EventLoop+Sources.swift).
    @exclusivity(unchecked) var beforeWait: [() -> Void] = []
    /// Jobs for the next pass, after its events (`afterNextWait`, EventLoop+Sources.swift).
    @exclusivity(unchecked) var afterWait: [() -> Void] = []
    var nextConnectionID: UInt64 = 2
    @exclusivity(unchecked) private var dateCache = HTTPDateCache()
    @exclusivity(unchecked) private var accessLog = AccessLog()
    private var shutdownDeadline: UInt64?
    /// Set while accepting is paused after running out of file descriptors.
    private var acceptPausedUntil: UInt64?
    /// Connections between requests, longest idle first: closed to make room at the connection cap.
    @exclusivity(unchecked) private var idle = IdleConnections()
    /// When the cap was last reported, so a flood of connections logs once per interval, not per accept.
    private var capReportedAt: UInt64?
    private let sweepInterval: UInt64
    /// Connections whose transport held input at their last read (TLS read-ahead the buffer had no
    /// room for): no epoll event comes for it, so each is read once more in the next pass.
    @exclusivity(unchecked) private var heldInput: [Connection] = []
    /// The connection whose responder is running: a reply given at once, the commonest case,
    /// finds its connection here instead of hashing its id into `connections`.
    @exclusivity(unchecked) private var responding: Connection?
    /// Gzips answers for every connection here: its tables are allocated once, not per response.
    private let compressor = GzipEncoder()

    init(listenerFD: Int32, settings: Settings, responder: any HTTPResponder, logger: Logger,
         limiter: ConnectionLimiter) throws(SystemError) {
        let epollFD = wp_epoll_create()
        guard epollFD >= 0 else { throw SystemError("epoll_create1") }
        let wakeFD = wp_eventfd()
        guard wakeFD >= 0 else {
            let error = SystemError("eventfd")
            close(epollFD)
            throw error
        }
        self.epollFD = epollFD
        self.wakeFD = wakeFD
        self.listenerFD = listenerFD
        self.settings = settings
        self.responder = responder
        self.logger = logger
        self.limiter = limiter
        accessLog.fd = logger.outputFD
        accessLog.format = logger.format
        let shortest = min(settings.machine.headerReadTimeout, settings.machine.bodyReadTimeout, settings.machine.idleTimeout,
                           settings.handshakeTimeout ?? .max)
        self.sweepInterval = min(max(shortest / 4, 5_000_000), 250_000_000)
        _ = wp_epoll_add(epollFD, listenerFD, UInt32(WP_EPOLLIN), Self.listenerToken)
        _ = wp_epoll_add(epollFD, wakeFD, UInt32(WP_EPOLLIN), Self.wakeToken)
    }

    // MARK: Any thread

    /// Connections this loop holds right now.
    var openConnections: Int { openCount.load(ordering: .relaxed) }

    /// Hands a reply to the loop: handled at once on the loop's own thread, queued and woken otherwise.
    func deliver(
        _ response: consuming HTTPResponse, label: ExchangeLabel?, field: ConnectionStateMachine.Field? = nil, connectionID: UInt64,
        sequence: Int
    ) {
        if loopThread.isCurrent {
            complete(consume response, label: label, field: field, connectionID: connectionID, sequence: sequence)
            return
        }
        post(.reply(consume response, label, field: field, connectionID: connectionID, sequence: sequence))
    }

    /// See `HTTPReply.openStream`.
    func openStream(
        head: HTTPResponse, connectionID: UInt64, sequence: Int, opened: @escaping @Sendable (EventStream?) -> Void
    ) {
        if loopThread.isCurrent { return beginStream(head, connectionID: connectionID, sequence: sequence, opened: opened) }
        if !post(.openStream(head, connectionID: connectionID, sequence: sequence, opened: opened)) { opened(nil) }
    }

    /// Bytes for an open stream, or nil to close it; from any thread.
    func deliverStream(_ bytes: [UInt8]?, connectionID: UInt64) {
        if loopThread.isCurrent { return queueStream(bytes, connectionID: connectionID) }
        post(.streamBytes(bytes, connectionID: connectionID))
    }

    func requestShutdown() {
        post(.shutdown)
    }

    /// False when the loop has stopped and the message was dropped.
    @discardableResult
    func post(_ job: @escaping @Sendable () -> Void) -> Bool {
        post(.task(job))
    }

    @discardableResult
    private func post(_ message: Message) -> Bool {
        inbox.withLock { inbox in
            guard inbox.isRunning else { return false }
            let wasEmpty = inbox.messages.isEmpty
            inbox.messages.append(message)
            if wasEmpty { _ = wp_eventfd_signal(wakeFD) }
            return true
        }
    }

    // MARK: Loop thread

    /// Runs until shutdown has finished (or its grace period ran out).
    func run() {
        loopThread.claim()
        EventLoopThread.mark(true)
        defer { EventLoopThread.mark(false) }
        let capacity = 256
        // Allocated once, as the read buffer is: arrays passed as `&` checked their uniqueness each pass.
        let tokens = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: capacity)
        let events = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: capacity)
        tokens.initialize(repeating: 0)
        events.initialize(repeating: 0)
        defer {
            tokens.deallocate()
            events.deallocate()
        }
        let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: settings.readBufferSize, alignment: 16)
        defer { readBuffer.deallocate() }
        var nextSweep = MonotonicClock.now() &+ sweepInterval

        while true {
            if !freedIndices.isEmpty {
                freeIndices += freedIndices
                freedIndices.removeAll(keepingCapacity: true)
            }
            let before = MonotonicClock.now()
            // Work left for this pass: the wait only collects what is ready.
            let resuming = afterWait
            if !resuming.isEmpty { afterWait.removeAll(keepingCapacity: true) }
            let timeout = !resuming.isEmpty ? 0 : nextSweep > before ? Int32(min((nextSweep - before) / 1_000_000 + 1, 1000)) : 0
            let count = wp_epoll_wait(epollFD, tokens.baseAddress, events.baseAddress, Int32(capacity), timeout)
            if count < 0 && wp_errno() != EINTR {
                logger.error("epoll_wait: \(SystemError("epoll_wait", code: wp_errno()))")
                break
            }
            for index in 0..<max(0, Int(count)) {
                switch tokens[index] {
                case Self.listenerToken: acceptConnections()
                case Self.wakeToken: drainInbox()
                case let token where token & Connection.tokenMark != 0:
                    if let connection = table[Int(truncatingIfNeeded: token & ~Connection.tokenMark)] {
                        handle(events[index], on: connection, readBuffer: readBuffer)
                    }
                default:
                    if let source = sources[tokens[index]] {
                        handle(events[index], on: source)
                    }
                }
            }
            if !heldInput.isEmpty { readHeldInput(readBuffer: readBuffer) }
            // After the pass's input: what it parked is written before resumed work (Redis replies).
            for job in resuming { job() }
            let now = MonotonicClock.now()
            if let paused = acceptPausedUntil, now >= paused {
                acceptPausedUntil = nil
                if listenerFD >= 0 { _ = wp_epoll_add(epollFD, listenerFD, UInt32(WP_EPOLLIN), Self.listenerToken) }
            }
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now &+ sweepInterval
            }
            runBeforeWait()
            // Input held since: the wake descriptor keeps the next wait from sleeping.
            if !heldInput.isEmpty { _ = wp_eventfd_signal(wakeFD) }
            accessLog.flush()
            if let shutdownDeadline, connections.isEmpty || now >= shutdownDeadline { break }
        }
        finish()
    }

    private func acceptConnections() {
        loopThread.assertCurrent()
        for _ in 0..<128 {
            guard listenerFD >= 0, acceptPausedUntil == nil else { return }
            let fd: Int32
            let remoteAddress: String
            switch Socket.accept(listenerFD) {
            case .connection(let accepted, let address):
                fd = accepted
                remoteAddress = address
            case .noneLeft:
                return
            case .exhausted:
                // Level-triggered: a listener we cannot drain would spin; stop watching it for a moment.
                logger.warning("accept: out of file descriptors, pausing accepts for 100 ms")
                _ = wp_epoll_del(epollFD, listenerFD)
                acceptPausedUntil = MonotonicClock.now() &+ 100_000_000
                return
            }
            if limiter.acquire() || reclaimIdleSlot() {
                admit(fd, remoteAddress: remoteAddress)
            } else {
                handOver(fd, remoteAddress: remoteAddress)
            }
        }
    }

    /// Registers an accepted socket that holds a slot of the cap; on failure the slot is given back.
    private func admit(_ fd: Int32, remoteAddress: String) {
        loopThread.assertCurrent()
        guard let transport = settings.makeTransport(fd) else {
            close(fd)
            limiter.release()
            return
        }
        let id = nextConnectionID
        nextConnectionID += 1
        let tableIndex = freeIndices.popLast() ?? {
            table.append(nil)
            return table.count - 1
        }()
        let now = MonotonicClock.now()
        let connection = Connection(
            id: id, tableIndex: tableIndex, fd: fd, transport: transport,
            info: ConnectionInfo(remoteAddress: remoteAddress, isSecure: settings.isSecure),
            machine: ConnectionStateMachine(configuration: settings.machine, now: now, compressor: compressor),
            registeredEvents: Self.readInterest,
            handshakeDeadline: settings.handshakeTimeout.map { now &+ $0 })
        guard wp_epoll_add(epollFD, fd, Self.readInterest, connection.token) == 0 else {
            transport.close()
            limiter.release()
            freeIndices.append(tableIndex)
            return
        }
        connections[id] = connection
        table[tableIndex] = connection
        openCount.store(connections.count, ordering: .relaxed)
        trackIdleness(of: connection)
    }

    /// At the cap: closes this loop's longest-idle connection and keeps its slot for the caller.
    private func reclaimIdleSlot() -> Bool {
        loopThread.assertCurrent()
        guard let oldest = idle.oldest.flatMap({ table[$0] }) else { return false }
        reportCap("closing idle keep-alive connections to admit new ones")
        closeConnection(oldest, releasingSlot: false)
        return true
    }

    /// At the cap with nothing idle here: a sibling adopts the socket, one with idle connections
    /// first, else one with any connection (it may be about to go idle: only its own loop can tell,
    /// and refuses if none is); with no connection anywhere else, it is refused.
    private func handOver(_ fd: Int32, remoteAddress: String) {
        loopThread.assertCurrent()
        let others = siblings.filter { $0 !== self }
        let candidates = others.filter { $0.idleCount.load(ordering: .relaxed) > 0 }
            + others.filter { $0.idleCount.load(ordering: .relaxed) == 0 && $0.openCount.load(ordering: .relaxed) > 0 }
        for sibling in candidates {
            if sibling.post(.adopt(fd: fd, remoteAddress: remoteAddress)) { return }
        }
        reportCap("no connection is idle, refusing new ones with 503")
        refuse(fd)
    }

    private func adopt(_ fd: Int32, remoteAddress: String) {
        loopThread.assertCurrent()
        guard shutdownDeadline == nil, limiter.acquire() || reclaimIdleSlot() else { return refuse(fd) }
        admit(fd, remoteAddress: remoteAddress)
    }

    private func reportCap(_ action: String) {
        loopThread.assertCurrent()
        let now = MonotonicClock.now()
        if let capReportedAt, now &- capReportedAt < 10_000_000_000 { return }
        capReportedAt = now
        logger.warning("at the connection cap (\(limiter.maximum)): \(action)")
    }

    /// Over the connection cap with no idle connection to close: a best-effort 503 on the fresh
    /// socket, then close (TLS: just close, since plain text would mean nothing to a TLS client).
    private func refuse(_ fd: Int32) {
        loopThread.assertCurrent()
        guard !settings.isSecure else {
            close(fd)
            return
        }
        var response = refusal
        response.headers.set("Date", dateCache.current())
        var bytes: [UInt8] = []
        HTTPResponseSerializer.write(response, headOnly: false, into: &bytes)
        _ = bytes.withUnsafeMutableBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        close(fd)
    }

    /// The 503 for refused connections, in the configured error page when there is one; built once.
    private lazy var refusal: HTTPResponse = {
        let reason = "The server has too many connections. Please try again in a moment."
        var response = settings.machine.errorPage?(.serviceUnavailable, reason)
            ?? HTTPResponse.text("503 Service Unavailable\n\(reason)\n", status: .serviceUnavailable)
        response.status = .serviceUnavailable
        response.headers.set("Retry-After", "1")
        response.headers.set("Connection", "close")
        response.headers.set("Content-Length", String(response.body.count))
        if let name = settings.machine.serverName, !response.headers.contains("Server") { response.headers.set("Server", name) }
        return response
    }()

    /// Keeps the idle list in step with the connection's state.
    private func trackIdleness(of connection: Connection) {
        loopThread.assertCurrent()
        let isIdle = connection.isIdle
        guard isIdle != connection.isListedIdle else { return }
        if isIdle { idle.append(connection) } else { idle.remove(connection) }
        idleCount.store(idle.count, ordering: .relaxed)
    }

    private func handle(_ events: UInt32, on connection: Connection, readBuffer: UnsafeMutableRawBufferPointer) {
        loopThread.assertCurrent()
        if events & (UInt32(WP_EPOLLERR) | UInt32(WP_EPOLLHUP)) != 0 {
            closeConnection(connection)
            return
        }
        if connection.stream != nil { return handleStream(events, on: connection, readBuffer: readBuffer) }
        let readable = events & (UInt32(WP_EPOLLIN) | UInt32(WP_EPOLLRDHUP)) != 0
        let writable = events & UInt32(WP_EPOLLOUT) != 0
        connection.depth += 1
        if readable && connection.readWaitsFor == .readable || writable && connection.readWaitsFor == .writable {
            readLoop: for _ in 0..<4 where connection.isOpen && connection.machine.wantsRead {
                let result = connection.transport.read(into: readBuffer)
                if connection.handshakeDeadline != nil && connection.transport.isEstablished {
                    connection.handshakeDeadline = nil
                }
                connection.readWaitsFor = .readable
                switch result {
                case .bytes(0):
                    let current = now()
                    perform(connection.machine.peerClosed(now: current), on: connection, now: current)
                    break readLoop
                case .bytes(let count):
                    // Taken off the idle list now, so that it rejoins at the young end once idle again.
                    if connection.isListedIdle {
                        idle.remove(connection)
                        idleCount.store(idle.count, ordering: .relaxed)
                    }
                    let current = now()
                    perform(
                        connection.machine.received(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]), now: current),
                        on: connection, now: current)
                    if count < readBuffer.count { break readLoop }
                case .wouldBlock(let readiness):
                    connection.readWaitsFor = readiness
                    break readLoop
                case .failed:
                    closeConnection(connection)
                    break readLoop
                }
            }
        }
        connection.depth -= 1
        if writable && connection.writeWaitsFor == .writable || readable && connection.writeWaitsFor == .readable {
            connection.needsFlush = true
        }
        settle(connection)
    }

    /// A reply on the loop thread: queued in the machine, written now unless the connection is mid-turn.
    private func complete(
        _ response: consuming HTTPResponse, label: ExchangeLabel?, field: ConnectionStateMachine.Field? = nil, connectionID: UInt64,
        sequence: Int
    ) {
        loopThread.assertCurrent()
        let connection: Connection
        if let current = responding, current.id == connectionID {
            connection = current
        } else {
            guard let found = connections[connectionID] else { return }
            connection = found
        }
        // Answered inside work on this connection (a responder that answered at once): only filed.
        // The `perform` loop below on the stack asks the machine for its next action once the
        // responder returns, which is this answer in its turn: no answer nests a request, and no
        // action is queued for it.
        if connection.depth > 0 {
            connection.machine.keep(consume response, label: label, field: field, sequence: sequence)
            return
        }
        let current = now()
        let action = connection.machine.replied(consume response, label: label, field: field, sequence: sequence, now: current)
        perform(action, on: connection, now: current)
        settle(connection)
    }

    /// Performs `action`, an event's action, then every action the machine has after it, until it
    /// has none (or the connection closed). Iterative: replies given meanwhile on this connection
    /// are only filed in the machine (`complete`), whose next action then writes them, so no answer
    /// nests a request.
    /// Each action is consumed by the switch: a request (its strings and fields) moves into the
    /// case that hands it on, where a copy of the action would retain and release each of them.
    /// `now` is consumed too: its time is refreshed after each responder without copying its date.
    private func perform(
        _ action: consuming ConnectionStateMachine.Action, on connection: Connection, now: consuming ConnectionStateMachine.Now
    ) {
        loopThread.assertCurrent()
        while connection.isOpen {
            switch consume action {
            case .nothing:
                return
            case .respond(let request, let sequence):
                // With no proxy trusted (most setups) the peer is the client, as the lookup would say.
                let client = settings.proxies.networks.isEmpty
                    ? connection.info : forwardedClient(of: request, on: connection, sequence: sequence)
                connection.depth += 1
                let outer = responding
                responding = connection
                responder.respond(
                    to: request, connection: client,
                    reply: HTTPReply(loop: self, connectionID: connection.id, sequence: sequence))
                responding = outer
                connection.depth -= 1
                // The responder took its time: what follows is timed from now (the Date value, per
                // second, is fresh enough: answers written later take theirs from their own event).
                now.nanoseconds = MonotonicClock.now()
            case .answered(let entry):
                connection.needsFlush = true
                record(entry, on: connection)
            case .flush:
                connection.needsFlush = true
            case .close:
                closeConnection(connection)
                return
            }
            action = connection.machine.next(now: now)
        }
    }

    /// The client a trusted proxy names in `request`'s headers, else the peer; kept for the access log.
    private func forwardedClient(of request: HTTPRequest, on connection: Connection, sequence: Int) -> ConnectionInfo {
        let client = settings.proxies.client(of: connection.info, headers: request.headers)
        if client.isForwarded { connection.forwardedClients[sequence] = client.remoteAddress }
        return client
    }

    /// Counts a finished exchange and writes its access line.
    private func record(_ entry: ConnectionStateMachine.AccessEntry, on connection: Connection) {
        loopThread.assertCurrent()
        requestMetrics.record(entry)
        if logger.logsAccess {
            let peer = connection.info.peerAddress
            let client = connection.forwardedClients.removeValue(forKey: entry.sequence) ?? peer
            accessLog.record(entry, date: dateCache.current(), client: client, peer: peer)
        } else if !connection.forwardedClients.isEmpty {
            connection.forwardedClients.removeValue(forKey: entry.sequence)
        }
    }

    /// Writes what is pending and brings the epoll interest in line with what the machine wants.
    private func settle(_ connection: Connection) {
        loopThread.assertCurrent()
        guard connection.isOpen else { return }
        if connection.stream != nil { return settleStream(connection) }
        if connection.needsFlush { flush(connection) }
        guard connection.isOpen else { return }
        var interest: UInt32 = 0
        if connection.machine.wantsRead {
            interest |= connection.readWaitsFor == .readable ? Self.readInterest : UInt32(WP_EPOLLOUT)
        }
        if connection.machine.pendingOutboundBytes > 0 {
            interest |= connection.writeWaitsFor == .writable ? UInt32(WP_EPOLLOUT) : Self.readInterest
        }
        if interest != connection.registeredEvents {
            connection.registeredEvents = interest
            _ = wp_epoll_mod(epollFD, connection.fd, interest, connection.token)
        }
        if settings.isSecure && !connection.isHoldingInput && connection.machine.wantsRead
            && connection.readWaitsFor == .readable && connection.transport.holdsInput {
            connection.isHoldingInput = true
            heldInput.append(connection)
        }
        trackIdleness(of: connection)
    }

    /// Reads each connection whose transport holds input once, as if epoll had said it was readable;
    /// one still holding some after that read waits for the next pass, so none starves the others.
    private func readHeldInput(readBuffer: UnsafeMutableRawBufferPointer) {
        loopThread.assertCurrent()
        let held = heldInput
        heldInput.removeAll(keepingCapacity: true)
        for connection in held {
            connection.isHoldingInput = false
            if connection.isOpen { handle(UInt32(WP_EPOLLIN), on: connection, readBuffer: readBuffer) }
        }
    }

    private func flush(_ connection: Connection) {
        loopThread.assertCurrent()
        connection.depth += 1
        defer { connection.depth -= 1 }
        while connection.isOpen && connection.machine.pendingOutboundBytes > 0 {
            connection.needsFlush = false
            // In place (mutating): reading the machine through the class would copy it.
            let result = connection.machine.withPendingOutbound { head, body in
                body.isEmpty ? connection.transport.write(head) : connection.transport.write(head, body)
            }
            connection.writeWaitsFor = .writable
            switch result {
            case .bytes(let count):
                let current = now()
                let action = connection.machine.wrote(count, now: current)
                // Mostly nothing (the answer is out, no request waits): not carried through `perform`.
                if case .nothing = action { continue }
                perform(action, on: connection, now: current)
            case .wouldBlock(let readiness):
                connection.writeWaitsFor = readiness
                return
            case .failed:
                closeConnection(connection)
                return
            }
        }
    }

    private func sweep(now nanoseconds: UInt64) {
        loopThread.assertCurrent()
        tickSources(now: nanoseconds)
        let current = ConnectionStateMachine.Now(nanoseconds: nanoseconds, httpDate: dateCache.current())
        // Streams opened together fall due together: a sweep writes a bounded number of heartbeats
        // and leaves the rest to the next, so thousands of them never stall the pages in one turn.
        var heartbeats = Self.heartbeatsPerSweep
        for connection in connections.values {
            if connection.stream != nil {
                if sweepStream(connection, now: nanoseconds, mayBeat: heartbeats > 0) { heartbeats -= 1 }
                continue
            }
            if let handshakeDeadline = connection.handshakeDeadline, handshakeDeadline <= nanoseconds {
                // Nothing can be said to a peer that never finished its handshake.
                closeConnection(connection)
                continue
            }
            guard let deadline = connection.machine.deadline, deadline <= nanoseconds else { continue }
            perform(connection.machine.tick(now: current), on: connection, now: current)
            settle(connection)
        }
    }

    private func drainInbox() {
        loopThread.assertCurrent()
        _ = wp_eventfd_drain(wakeFD)
        let messages = inbox.withLock { inbox in
            let messages = inbox.messages
            inbox.messages.removeAll()
            return messages
        }
        for message in messages {
            switch message {
            case .reply(let response, let label, let field, let connectionID, let sequence):
                complete(response, label: label, field: field, connectionID: connectionID, sequence: sequence)
            case .shutdown:
                beginShutdown()
            case .adopt(let fd, let remoteAddress):
                adopt(fd, remoteAddress: remoteAddress)
            case .openStream(let head, let connectionID, let sequence, let opened):
                beginStream(head, connectionID: connectionID, sequence: sequence, opened: opened)
            case .streamBytes(let bytes, let connectionID):
                queueStream(bytes, connectionID: connectionID)
            case .task(let job):
                job()
            }
        }
    }

    private func beginShutdown() {
        loopThread.assertCurrent()
        guard shutdownDeadline == nil else { return }
        shutdownDeadline = MonotonicClock.now() &+ settings.shutdownGracePeriod
        if listenerFD >= 0 {
            _ = wp_epoll_del(epollFD, listenerFD)
            close(listenerFD)
            listenerFD = -1
        }
        acceptPausedUntil = nil
        let current = now()
        // Streams never finish by themselves: the drain ends them (browsers reconnect elsewhere).
        for connection in Array(connections.values) where connection.stream != nil { closeConnection(connection) }
        for connection in Array(connections.values) {
            perform(connection.machine.shutdown(now: current), on: connection, now: current)
            settle(connection)
        }
    }

    /// `releasingSlot: false` keeps the connection's slot of the cap for a connection taking its place.
    private func closeConnection(_ connection: Connection, releasingSlot: Bool = true) {
        loopThread.assertCurrent()
        guard connection.isOpen else { return }
        connection.isOpen = false
        if connection.isListedIdle {
            idle.remove(connection)
            idleCount.store(idle.count, ordering: .relaxed)
        }
        _ = wp_epoll_del(epollFD, connection.fd)
        connection.transport.close()
        connections[connection.id] = nil
        table[connection.tableIndex] = nil
        freedIndices.append(connection.tableIndex)
        openCount.store(connections.count, ordering: .relaxed)
        if releasingSlot { limiter.release() }
        if let stream = connection.stream {
            connection.stream = nil
            settings.streamBudget.release()
            stream.handle.markClosed()
        }
    }

    private func finish() {
        loopThread.assertCurrent()
        for connection in Array(connections.values) { closeConnection(connection) }
        stopSources()
        if listenerFD >= 0 {
            close(listenerFD)
            listenerFD = -1
        }
        accessLog.flush()
        let unanswered = inbox.withLock { inbox -> [Message] in
            inbox.isRunning = false
            for case .adopt(let fd, _) in inbox.messages { close(fd) }
            defer { inbox.messages.removeAll() }
            close(wakeFD)
            return inbox.messages
        }
        for case .openStream(_, _, _, let opened) in unanswered { opened(nil) }
        siblings.removeAll()
        close(epollFD)
        loopThread.release()
    }

    private func now() -> ConnectionStateMachine.Now {
        loopThread.assertCurrent()
        return ConnectionStateMachine.Now(nanoseconds: MonotonicClock.now(), httpDate: dateCache.current())
    }
}

// MARK: Event streams

extension EventLoop {
    /// Writes the stream's head and keeps the connection as a stream, or answers 503 when it cannot.
    fileprivate func beginStream(
        _ head: HTTPResponse, connectionID: UInt64, sequence: Int, opened: @Sendable (EventStream?) -> Void
    ) {
        loopThread.assertCurrent()
        guard let connection = connections[connectionID], connection.isOpen else { return opened(nil) }
        guard settings.streamBudget.acquire() else {
            complete(streamRefusal, label: nil, connectionID: connectionID, sequence: sequence)
            return opened(nil)
        }
        guard let exchange = connection.machine.handOver(sequence: sequence) else {
            settings.streamBudget.release()
            complete(streamRefusal, label: nil, connectionID: connectionID, sequence: sequence)
            return opened(nil)
        }
        var response = head
        response.headers.set("Date", dateCache.current())
        response.headers.set("Connection", "close")
        response.headers.remove("Content-Length")
        var bytes: [UInt8] = []
        HTTPResponseSerializer.write(response, headOnly: true, into: &bytes)
        let start = MonotonicClock.now()
        let stream = EventStream(loop: self, connectionID: connectionID)
        connection.stream = StreamOutput(handle: stream, now: start)
        connection.stream?.queue(bytes, now: start)
        let entry = ConnectionStateMachine.AccessEntry(
            sequence: sequence, method: exchange.method, target: exchange.target, status: response.status.code,
            bytes: bytes.count, nanoseconds: 0, requestID: response.headers["X-Request-Id"])
        record(entry, on: connection)
        // The application has the stream before the peer sees the head: an event sent from then
        // on follows it, and a peer that has read the head is known to be following.
        opened(stream)
        flushStream(connection)
        settle(connection)
    }

    fileprivate func queueStream(_ bytes: [UInt8]?, connectionID: UInt64) {
        loopThread.assertCurrent()
        guard let connection = connections[connectionID], connection.isOpen, let stream = connection.stream else { return }
        guard let bytes, stream.pendingBytes + bytes.count <= settings.maxStreamBacklog else {
            return closeConnection(connection)
        }
        connection.stream?.queue(bytes, now: MonotonicClock.now())
        flushStream(connection)
        settle(connection)
    }

    /// A stream reads only to notice the peer leaving; what it sends is discarded.
    fileprivate func handleStream(_ events: UInt32, on connection: Connection, readBuffer: UnsafeMutableRawBufferPointer) {
        loopThread.assertCurrent()
        if events & (UInt32(WP_EPOLLIN) | UInt32(WP_EPOLLRDHUP)) != 0 {
            reading: for _ in 0..<4 {
                switch connection.transport.read(into: readBuffer) {
                case .bytes(0), .failed:
                    return closeConnection(connection)
                case .bytes:
                    continue reading
                case .wouldBlock:
                    break reading
                }
            }
        }
        flushStream(connection)
        settle(connection)
    }

    fileprivate func flushStream(_ connection: Connection) {
        loopThread.assertCurrent()
        while connection.isOpen, let stream = connection.stream, stream.pendingBytes > 0 {
            let result = stream.withPendingBytes { connection.transport.write($0) }
            connection.writeWaitsFor = .writable
            switch result {
            case .bytes(let count):
                connection.stream?.wrote(count, now: MonotonicClock.now())
            case .wouldBlock(let readiness):
                connection.writeWaitsFor = readiness
                return
            case .failed:
                return closeConnection(connection)
            }
        }
    }

    fileprivate func settleStream(_ connection: Connection) {
        loopThread.assertCurrent()
        guard connection.isOpen, let stream = connection.stream else { return }
        var interest = Self.readInterest
        if stream.pendingBytes > 0 {
            interest |= connection.writeWaitsFor == .writable ? UInt32(WP_EPOLLOUT) : Self.readInterest
        }
        if interest != connection.registeredEvents {
            connection.registeredEvents = interest
            _ = wp_epoll_mod(epollFD, connection.fd, interest, connection.token)
        }
    }

    fileprivate static let heartbeatsPerSweep = 256

    /// A quiet stream gets its heartbeat (when `mayBeat`; returns whether it did); one whose peer
    /// stopped reading is let go.
    fileprivate func sweepStream(_ connection: Connection, now: UInt64, mayBeat: Bool) -> Bool {
        loopThread.assertCurrent()
        guard let stream = connection.stream else { return false }
        if stream.pendingBytes > 0 && now &- stream.lastProgress >= settings.machine.idleTimeout {
            closeConnection(connection)
            return false
        }
        guard mayBeat, now &- stream.lastQueued >= settings.streamHeartbeat else { return false }
        queueStream(ServerSentEvent.heartbeat, connectionID: connection.id)
        return true
    }

    /// The answer when no stream can be opened: come back shortly (EventSource retries by itself).
    fileprivate var streamRefusal: HTTPResponse {
        var response = settings.machine.errorPage?(.serviceUnavailable, "Too many live updates are open; retrying shortly.")
            ?? HTTPResponse.text("503 Service Unavailable\n", status: .serviceUnavailable)
        response.status = .serviceUnavailable
        response.headers.set("Retry-After", "5")
        return response
    }
}
