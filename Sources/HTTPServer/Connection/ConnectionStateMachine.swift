import Deflate
import HTTPCore

/// The HTTP/1.x protocol logic of one connection, with no sockets and no clock: the I/O shell feeds
/// it events (bytes, replies, writes, ticks) with the current time and performs the action each
/// returns, then the ones `next(now:)` gives, until `.nothing`.
/// Keeping it pure lets every keep-alive, pipelining and timeout rule be tested without a network.
struct ConnectionStateMachine {
    /// Limits and timeouts, in nanoseconds so the machine needs no clock type.
    struct Configuration: Sendable {
        var limits: HTTPRequestParser.Limits = .init()
        var headerReadTimeout: UInt64 = 10_000_000_000
        var bodyReadTimeout: UInt64 = 30_000_000_000
        var idleTimeout: UInt64 = 60_000_000_000
        /// Requests parsed ahead while earlier answers are pending; beyond this the parser waits.
        var maxPipelinedRequests = 16
        /// Reading pauses while this many bytes wait to be written (a slow reader must not grow memory).
        var maxOutboundBytes = 1 << 20
        /// The page for a request the machine refuses itself; nil keeps the built-in text page.
        var errorPage: HTTPServer.Configuration.ErrorPage? = nil
        /// The `Server` header of answers that carry none; nil sends none.
        var serverName: String? = nil
    }

    /// The current moment, as the shell sees it: a monotonic time and the cached `Date` header value.
    struct Now {
        var nanoseconds: UInt64
        var httpDate: String
    }

    /// One finished exchange, for the access log.
    struct AccessEntry: Equatable {
        /// The exchange's place on its connection, which ties the entry to what was known of its request.
        var sequence: Int
        var method: String
        var target: String
        var status: Int
        var bytes: Int
        var nanoseconds: UInt64
        /// The name the answer was filed under (see `ExchangeLabel`); nil when nothing named it.
        var route: String? = nil
        /// The response's `X-Request-Id`, when it has one.
        var requestID: String? = nil
        /// Log `route` in place of `target`, which holds a secret (`ExchangeLabel.hidesTarget`).
        var hidesPath = false
    }

    /// What the shell does next. Each event returns one, and `next(now:)` the one after it, until
    /// `.nothing`: one event may cause several (pipelined requests, answers that waited their
    /// turn), and pulling them one at a time needs no array per event.
    enum Action: Equatable {
        /// Nothing more until the next event.
        case nothing
        /// Hand the request to the responder; answer later with `replied(_:sequence:now:)`.
        case respond(HTTPRequest, sequence: Int)
        /// An answer went into `outbound`: log it, and write.
        case answered(AccessEntry)
        /// `outbound` has bytes to write that answer nothing (a `100 Continue`).
        case flush
        /// Close the socket; the machine ignores every later event.
        case close
    }

    /// What the connection is reading, which decides the timeout that applies; what matters only
    /// in one phase is carried by that phase.
    enum ReadPhase: Equatable {
        case idle(since: UInt64)
        case head(started: UInt64)
        /// `owesContinue`: the client asked for `100 Continue`, owed once earlier answers have gone out.
        case body(started: UInt64, owesContinue: Bool)
        /// No more requests are read: the connection closes once its answers are written.
        case stopped
        case closed
    }

    /// A request that has been handed out, waiting for its answer to be written in order.
    struct Exchange {
        var sequence: Int
        var method: HTTPMethod
        var target: String
        var version: HTTPVersion
        var keepAlive: Bool
        var started: UInt64
        /// The request's fields, whose Accept-Encoding is read only if the answer may be coded.
        var requestHeaders = HTTPHeaders()
        var response: HTTPResponse?
        /// What the responder filed the answer under.
        var label: ExchangeLabel?
        /// A field the reply sets on the answer (`HTTPReply.settingField`).
        var field: Field?
    }

    /// A name and value held as a struct: an optional tuple of two strings is copied and destroyed
    /// through the runtime's generic tuple walk, a struct by its own compiled code.
    struct Field: Sendable {
        var name: String
        var value: String
    }

    let configuration: Configuration
    private(set) var phase: ReadPhase
    private var parser: HTTPRequestParser
    /// The parser's last answer was that it needs more bytes: until some arrive it would say so
    /// again, and the phase already follows its own. Asked after every answer and every write,
    /// it is then not asked (nor copied to read its phase) a second time for nothing.
    private var parserNeedsBytes = false
    private var exchanges: [Exchange] = []
    private var nextSequence = 0
    /// Bytes the shell must write, from `outboundStart` on, then those of `outboundBody`.
    private(set) var outbound: [UInt8] = []
    private(set) var outboundStart = 0
    /// A large answer's body, written after `outbound` straight from the response's array (a
    /// static file's cached bytes, a rendered page) instead of being copied behind its head. While
    /// it is pending nothing is appended to `outbound`: a later answer first moves it there.
    private(set) var outboundBody: [UInt8] = []
    private(set) var outboundBodyStart = 0
    /// Bodies from this size on are written from their own array.
    static let separateBodyBytes = 4096
    /// The server is shutting down: the request being read is the last one. Not a phase payload,
    /// since it outlives phases: a head of blank lines falls back to idle and must stay the last.
    private var isDraining = false
    /// When output last moved: answers queued into an empty buffer, or bytes written.
    private var lastWriteProgress: UInt64 = 0
    /// The fields the serializer adds to each answer, each set anew for it (`serialize`): kept here,
    /// since a local value of them was copied for the call that writes them. The last answer's
    /// extra field stays until the next answer replaces it (clearing it at once went through the
    /// runtime's generic destroy of its optional tuple).
    private var serverFields: HTTPResponseSerializer.ServerFields
    /// Codes gzipped answers: the event loop's, shared by its connections (one runs at a time);
    /// made on first use when none is given.
    private var compressor: GzipEncoder?

    init(configuration: Configuration, now: UInt64, compressor: GzipEncoder? = nil) {
        self.configuration = configuration
        self.phase = .idle(since: now)
        self.parser = HTTPRequestParser(limits: configuration.limits)
        self.compressor = compressor
        self.serverFields = HTTPResponseSerializer.ServerFields(
            contentLength: .asGiven, date: "", closing: false, server: configuration.serverName)
    }

    var pendingOutboundBytes: Int { outbound.count - outboundStart + outboundBody.count - outboundBodyStart }

    /// Calls `body` with the bytes still to write: the head part, then the body part (often empty).
    /// Mutating only so that the shell calls it in place: a read through its class would copy the machine.
    mutating func withPendingOutbound<R>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> R) -> R {
        outbound.withUnsafeBytes { head in
            outboundBody.withUnsafeBytes { rest in
                body(UnsafeRawBufferPointer(rebasing: head[outboundStart...]), UnsafeRawBufferPointer(rebasing: rest[outboundBodyStart...]))
            }
        }
    }

    /// Everything still to write, as one array (for tests and diagnostics).
    var pendingOutbound: [UInt8] {
        Array(outbound[outboundStart...]) + outboundBody[outboundBodyStart...]
    }

    /// Moves a pending separate body behind the head bytes, before anything more is appended.
    private mutating func joinOutboundBody() {
        guard !outboundBody.isEmpty else { return }
        outbound.append(contentsOf: outboundBody[outboundBodyStart...])
        outboundBody = []
        outboundBodyStart = 0
    }

    /// Whether the shell should watch the socket for input.
    var wantsRead: Bool {
        switch phase {
        case .stopped, .closed: return false
        case .idle, .head, .body:
            return pendingOutboundBytes < configuration.maxOutboundBytes
                && exchanges.count < configuration.maxPipelinedRequests
        }
    }

    var isClosed: Bool { phase == .closed }

    /// Waiting for a next request with no byte of it read and nothing owed or unwritten: the state
    /// in which the server may close the connection (idle timeout, or room for a new connection).
    var isBetweenRequests: Bool {
        guard case .idle = phase else { return false }
        // A parser that needs bytes while the phase (which follows its own) is idle holds none:
        // settled without copying the parser to ask it.
        return exchanges.isEmpty && pendingOutboundBytes == 0 && (parserNeedsBytes || parser.bufferedByteCount == 0)
    }

    /// When `tick` must next be called, if ever.
    var deadline: UInt64? {
        // A peer that stops reading our answers is let go after the idle timeout without progress.
        if pendingOutboundBytes > 0 && phase != .closed { return lastWriteProgress &+ configuration.idleTimeout }
        switch phase {
        case .idle(let since): return exchanges.isEmpty ? since &+ configuration.idleTimeout : nil
        case .head(let started): return started &+ configuration.headerReadTimeout
        case .body(let started, _): return started &+ configuration.bodyReadTimeout
        case .stopped, .closed: return nil
        }
    }

    // MARK: Events

    mutating func received(_ bytes: UnsafeRawBufferPointer, now: Now) -> Action {
        guard !bytes.isEmpty else { return .nothing }
        switch phase {
        case .stopped, .closed: return .nothing
        case .idle, .head, .body: break
        }
        parser.append(bytes)
        parserNeedsBytes = false
        return next(now: now)
    }

    mutating func received(_ bytes: [UInt8], now: Now) -> Action {
        bytes.withUnsafeBytes { received($0, now: now) }
    }

    /// The responder's answer for `sequence`; answers are written strictly in request order.
    /// `field` is set on the answer as it is written (see `HTTPReply.settingField`).
    mutating func replied(
        _ response: consuming HTTPResponse, label: ExchangeLabel? = nil, field: (name: String, value: String)? = nil, sequence: Int,
        now: Now
    ) -> Action {
        replied(consume response, label: label, field: field.map { Field(name: $0.name, value: $0.value) }, sequence: sequence, now: now)
    }

    /// `replied` with the field as the reply holds it.
    mutating func replied(_ response: consuming HTTPResponse, label: ExchangeLabel?, field: Field?, sequence: Int, now: Now) -> Action {
        keep(consume response, label: label, field: field, sequence: sequence) ? next(now: now) : .nothing
    }

    /// Files the answer for `sequence` without acting on it; false when it is ignored (a second
    /// answer, a closed connection). For an answer given while the shell is inside this machine's
    /// work (a responder that answered at once): the shell's loop below it on the stack asks
    /// `next(now:)` once the responder returns, which writes it in its turn, as `replied` would.
    @discardableResult
    mutating func keep(_ response: consuming HTTPResponse, label: ExchangeLabel?, field: Field?, sequence: Int) -> Bool {
        guard phase != .closed,
              let index = exchanges.firstIndex(where: { $0.sequence == sequence }),
              exchanges[index].response == nil
        else { return false }
        exchanges[index].response = consume response
        exchanges[index].label = label
        exchanges[index].field = field
        return true
    }

    /// Gives the connection up to an event stream answering `sequence`: possible only while that is
    /// the one exchange, nothing else is buffered either way and nothing is left to write. The
    /// machine then ignores every event; the shell owns the socket. Returns the request's method and
    /// target for the access log, or nil (the answer must then go through `replied`).
    mutating func handOver(sequence: Int) -> (method: String, target: String)? {
        guard phase != .closed, exchanges.count == 1, exchanges[0].sequence == sequence, exchanges[0].response == nil,
              pendingOutboundBytes == 0, parser.bufferedByteCount == 0
        else { return nil }
        let exchange = exchanges.removeFirst()
        phase = .closed
        return (exchange.method.rawValue, exchange.target)
    }

    /// The shell wrote `count` bytes of `outbound`.
    mutating func wrote(_ count: Int, now: Now) -> Action {
        let fromHead = min(count, outbound.count - outboundStart)
        outboundStart += fromHead
        outboundBodyStart += count - fromHead
        if count > 0 { lastWriteProgress = now.nanoseconds }
        guard outboundStart >= outbound.count && outboundBodyStart >= outboundBody.count else { return .nothing }
        outbound.removeAll(keepingCapacity: outbound.capacity <= 64 * 1024)
        outboundStart = 0
        outboundBody = []
        outboundBodyStart = 0
        if phase == .closed { return .nothing }
        if exchanges.isEmpty, case .idle = phase { phase = .idle(since: now.nanoseconds) }
        return next(now: now)
    }

    /// The peer closed its side (read returned 0).
    mutating func peerClosed(now: Now) -> Action {
        switch phase {
        case .closed: return .nothing
        case .head, .body: return close()
        case .idle, .stopped:
            if exchanges.isEmpty && pendingOutboundBytes == 0 { return close() }
            phase = .stopped
            return .nothing
        }
    }

    /// Applies whichever timeout has passed.
    mutating func tick(now: Now) -> Action {
        guard let deadline, now.nanoseconds >= deadline else { return .nothing }
        if pendingOutboundBytes > 0 { return close() }
        switch phase {
        case .idle: return close()
        case .head, .body:
            fail(status: .requestTimeout, reason: "The request was not received in time.", now: now)
            return next(now: now)
        case .stopped, .closed: return .nothing
        }
    }

    /// Graceful shutdown: finish what was asked, read nothing new, then close.
    /// A request already arriving may finish (its read timeouts still apply); none after it is read.
    mutating func shutdown(now: Now) -> Action {
        isDraining = true
        switch phase {
        case .closed: return .nothing
        case .idle:
            if exchanges.isEmpty && pendingOutboundBytes == 0 { return close() }
            phase = .stopped
        case .head, .body, .stopped:
            break
        }
        return .nothing
    }

    /// The action after the last one returned: the shell calls this until `.nothing` (or `.close`).
    /// In order: the oldest answer once it is ready (answers leave strictly in request order), an owed
    /// `100 Continue`, the close of a stopped connection with nothing left, then the next request
    /// parsed from what was read (up to the pipelining cap).
    mutating func next(now: Now) -> Action {
        while true {
            if phase == .closed { return .nothing }
            if let first = exchanges.first, first.response != nil {
                return answer(now: now)
            }
            if case .body(let started, owesContinue: true) = phase, exchanges.isEmpty {
                phase = .body(started: started, owesContinue: false)
                if pendingOutboundBytes == 0 { lastWriteProgress = now.nanoseconds }
                joinOutboundBody()
                outbound.append(contentsOf: Self.continueLine)
                return .flush
            }
            if phase == .stopped {
                return exchanges.isEmpty && pendingOutboundBytes == 0 ? close() : .nothing
            }
            guard exchanges.count < configuration.maxPipelinedRequests else {
                followParserPhase(now: now.nanoseconds)
                return .nothing
            }
            if parserNeedsBytes { return .nothing }
            let event: HTTPRequestParser.Event?
            do {
                event = try parser.next()
            } catch {
                fail(status: error.status, reason: error.reason, now: now)
                continue
            }
            switch event {
            case nil:
                parserNeedsBytes = true
                followParserPhase(now: now.nanoseconds)
                return .nothing
            case .expectsContinue:
                followParserPhase(now: now.nanoseconds)
                if case .body(let started, _) = phase { phase = .body(started: started, owesContinue: true) }
            case .request(let request):
                if let sequence = dispatch(request, now: now) { return .respond(request, sequence: sequence) }
            }
        }
    }

    // MARK: Internals

    /// Records the exchange; returns its sequence for the responder, or nil when the machine
    /// answered it itself (the answer is written by `next`).
    private mutating func dispatch(_ request: HTTPRequest, now: Now) -> Int? {
        let sequence = nextSequence
        nextSequence += 1
        let keepAlive = request.keepAlive
        exchanges.append(Exchange(
            sequence: sequence, method: request.method, target: request.target, version: request.version,
            keepAlive: keepAlive, started: now.nanoseconds, requestHeaders: request.headers))
        if keepAlive && !isDraining {
            phase = .idle(since: now.nanoseconds)
        } else {
            phase = .stopped
        }
        if let refusal = Self.refusal(forTargetOf: request, errorPage: configuration.errorPage) {
            exchanges[exchanges.count - 1].response = refusal
            return nil
        }
        return sequence
    }

    /// `OPTIONS *` and `CONNECT host:port` are well-formed but name no resource of an origin
    /// server: they are answered here, in the error page, and never reach a responder, which only
    /// ever sees paths. The connection stays open, since the request was read in full.
    static func refusal(
        forTargetOf request: HTTPRequest, errorPage: HTTPServer.Configuration.ErrorPage?
    ) -> HTTPResponse? {
        let reason: String
        // Lengths first (the method's too): comparing unequal strings takes the standard library's general path.
        if request.method == .connect {
            reason = "This server is not a proxy: CONNECT is not supported."
        } else if request.target.utf8.count == 1 && request.target == "*" {
            reason = "Server-wide OPTIONS requests are not supported."
        } else {
            return nil
        }
        var response = errorPage?(.notImplemented, reason)
            ?? HTTPResponse.text("501 Not Implemented\n\(reason)\n", status: .notImplemented)
        response.status = .notImplemented
        return response
    }

    /// Queues the answer to a request that could not be read, with its status; the connection
    /// closes after it, and it waits for earlier answers (`next` writes it in its turn).
    private mutating func fail(status: HTTPStatus, reason: String, now: Now) {
        let sequence = nextSequence
        nextSequence += 1
        var response = configuration.errorPage?(status, reason)
            ?? HTTPResponse.text("\(status.code) \(status.reasonPhrase)\n\(reason)\n", status: status)
        response.status = status
        response.headers.set("Connection", "close")
        exchanges.append(Exchange(
            sequence: sequence, method: HTTPMethod(rawValue: "-"), target: "-", version: .http1_1, keepAlive: false,
            started: now.nanoseconds, response: response))
        phase = .stopped
    }

    /// Writes the oldest exchange's answer, which is ready, and returns its log entry.
    private mutating func answer(now: Now) -> Action {
        guard !exchanges.isEmpty, exchanges[0].response != nil else { return .nothing }
        // Mostly the only one: taken off the end, with no shifting of the array's storage.
        var first = exchanges.count == 1 ? exchanges.removeLast() : exchanges.removeFirst()
        // Taken out of the exchange, not copied: the serializer is its last user, and what the log
        // entry needs of it is read first (its status as the responder gave it, its request id).
        guard let response = first.response.take() else { return .nothing }
        if pendingOutboundBytes == 0 { lastWriteProgress = now.nanoseconds }
        let asksToClose = Self.asksToClose(response)
        let status = response.status.code
        let requestID = first.field.flatMap { Self.isRequestIDField($0.name) ? $0.value : nil }
            ?? response.headers[Self.requestIDField]
        let bytes = serialize(consume response, for: first, asksToClose: asksToClose, now: now)
        let entry = AccessEntry(
            sequence: first.sequence, method: first.method.rawValue, target: first.target, status: status, bytes: bytes,
            nanoseconds: now.nanoseconds &- first.started, route: first.label?.name,
            requestID: requestID, hidesPath: first.label?.hidesTarget ?? false)
        if !first.keepAlive || asksToClose {
            phase = phase == .closed ? .closed : .stopped
            exchanges.removeAll()
        }
        return .answered(entry)
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let requestIDField = "X-Request-Id"

    /// Whether the response carries `Connection: close` (the machine's own refusals do).
    private static func asksToClose(_ response: HTTPResponse) -> Bool {
        // Headers in wire form hold no Connection field (a cached file's): no scan for one.
        !response.headers.isInWireForm && response.headers["Connection"]?.lowercased() == "close"
    }

    private static func isRequestIDField(_ name: String) -> Bool {
        name == requestIDField || name.lowercased() == "x-request-id"
    }

    /// Adds the headers the server owns and appends the response to `outbound`; returns the body size sent.
    /// The response is consumed: coding may change it in place, and a large body is kept as it is.
    private mutating func serialize(_ response: consuming HTTPResponse, for exchange: Exchange, asksToClose: Bool, now: Now) -> Int {
        joinOutboundBody()
        let closing = !exchange.keepAlive || (phase == .stopped && exchanges.isEmpty) || asksToClose
        let headOnly = exchange.method == .head
        let gzip = ResponseCompression.prepare(&response, accepting: AcceptEncoding(exchange.requestHeaders)) { reason in
            configuration.errorPage?(.notAcceptable, reason)
                ?? HTTPResponse.text("406 Not Acceptable\n\(reason)\n", status: .notAcceptable)
        }
        // Date, Server, Connection and Content-Length are written by the serializer after the
        // response's own fields, never set into the list.
        // The Date and Server lines are made once per date (a second) and copied unchecked.
        if serverFields.lines?.date != now.httpDate {
            serverFields = HTTPResponseSerializer.ServerFields(
                contentLength: .asGiven, lines: .init(date: now.httpDate, server: configuration.serverName), closing: closing)
        }
        serverFields.contentLength = .asGiven
        serverFields.closing = closing
        serverFields.extra = exchange.field.map { ($0.name, $0.value) }
        if gzip {
            // Coded by the loop's encoder and copied once, from its buffer into the outbound bytes.
            let encoder = compressor ?? GzipEncoder()
            compressor = encoder
            return response.body.withUnsafeBytes { body in
                encoder.compress(body, level: .fast) { member in
                    // A HEAD answer's Content-Length, its own or not, is the coded body's, as GET's is.
                    serverFields.contentLength = .value(member.count)
                    HTTPResponseSerializer.write(response, headOnly: true, fields: serverFields, into: &outbound)
                    if headOnly { return 0 }
                    outbound.append(contentsOf: member)
                    return member.count
                }
            }
        }
        let code = response.status.code
        if code < 200 || code == 204 || code == 304 {
            // No body; a 304 keeps the Content-Length it was given, the others have none.
            serverFields.contentLength = code == 304 ? .asGiven : .omitted
            HTTPResponseSerializer.write(response, headOnly: true, fields: serverFields, into: &outbound)
            return 0
        }
        if !(headOnly && response.headers.contains("Content-Length")) {
            serverFields.contentLength = .value(response.body.count)
        }
        if !headOnly && response.body.count >= Self.separateBodyBytes {
            // The head here, the body written from its own array: no copy of it.
            HTTPResponseSerializer.write(response, headOnly: true, fields: serverFields, into: &outbound)
            outboundBody = response.body
            outboundBodyStart = 0
            return response.body.count
        }
        HTTPResponseSerializer.write(response, headOnly: headOnly, fields: serverFields, into: &outbound)
        return headOnly ? 0 : response.body.count
    }

    /// Starts the header or body clock when the parser moves into a head or a body.
    private mutating func followParserPhase(now: UInt64) {
        switch (phase, parser.phase) {
        case (.stopped, _), (.closed, _), (.idle, .idle), (.head, .head), (.body, .body): return
        case (_, .idle): phase = .idle(since: now)
        case (_, .head): phase = .head(started: now)
        case (_, .body): phase = .body(started: now, owesContinue: false)
        }
    }

    private mutating func close() -> Action {
        phase = .closed
        exchanges.removeAll()
        return .close
    }
}
