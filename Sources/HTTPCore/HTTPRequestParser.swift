/// An incremental HTTP/1.1 request parser (RFC 9112): append bytes as they arrive, call `next()` until nil.
/// A pure state machine with every limit enforced inside, so a hostile peer costs bounded memory and time.
///
/// Strict where RFC 9112 leaves a choice, because lenient framing is how request smuggling starts:
/// lines must end in CRLF (bare LF and bare CR are 400), obs-fold is 400, any repeated Content-Length
/// is 400 (even with equal values), Content-Length with Transfer-Encoding is 400, and the only
/// transfer coding is a lone `chunked` (anything else is 501). Every check happens at the byte that
/// decides it, so the verdict is the same however the input is split.
public struct HTTPRequestParser: Sendable {
    /// What one request may cost; each violation maps to its own status (414, 431, 413).
    public struct Limits: Sendable, Hashable {
        /// Request-line bytes, excluding CRLF; above this: 414.
        public var maxRequestLineBytes: Int
        /// Bytes of the header section after the request line, line ends included; above this: 431.
        public var maxHeaderBytes: Int
        /// Header fields; above this: 431.
        public var maxHeaderCount: Int
        /// Body bytes (decoded, for chunked); above this: 413, decided from Content-Length before the body.
        public var maxBodyBytes: Int

        public init(
            maxRequestLineBytes: Int = 8192,
            maxHeaderBytes: Int = 16384,
            maxHeaderCount: Int = 100,
            maxBodyBytes: Int = 1 << 20
        ) {
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxBodyBytes = maxBodyBytes
        }
    }

    public enum Event: Sendable {
        /// The head is complete, a body is pending, and the client sent `Expect: 100-continue`:
        /// answer `100 Continue` (or a final status) so it sends the body.
        case expectsContinue
        /// A whole request; bytes after it belong to the next, pipelined one.
        case request(HTTPRequest)
    }

    /// Where the parser stands, so the connection can pick the matching read timeout.
    public enum Phase: Sendable, Hashable {
        /// Between requests with nothing buffered.
        case idle
        /// Part of a request head has arrived.
        case head
        /// The head is done; body bytes are pending.
        case body
    }

    public let limits: Limits
    var buffer: [UInt8] = []
    var readIndex = 0
    var state: State = .requestLine
    var scanned = 0
    /// Whether the line `scanLine` last returned holds no control byte (below 0x20 but for its
    /// CRLF, or DEL) and was judged in one call: a field value in it then needs no check of its bytes.
    var lineIsPlain = false
    /// The previous request's target (first) and first field values by position, each with the
    /// bytes it was decoded from (see `remembered(_:at:)`): at most `recentValueCount` + 1, each
    /// within the limits of a request line or header section.
    var recent: [RecentString] = []
    var pending = PendingRequest()

    public init(limits: Limits = .init()) {
        self.limits = limits
    }

    /// Copies bytes just read from a socket; the caller keeps ownership of its read buffer.
    /// Call `next()` until nil after each append: that is what keeps the buffer within the limits.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        bytes.withMemoryRebound(to: UInt8.self) { buffer.append(contentsOf: $0) }
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet consumed by `next()`.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    public var phase: Phase {
        switch state {
        case .requestLine: bufferedByteCount == 0 && scanned == 0 ? .idle : .head
        case .headers: .head
        case .failed: .head
        default: .body
        }
    }

    /// Drops consumed bytes once they are at least half the buffer, so the cost stays linear.
    private mutating func compact() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        } else if readIndex >= 4096 && readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
            readIndex = 0
        }
    }
}
