import CSystem
import Glibc
import Networking

/// TLS over a non-blocking socket (a `TLSSession` shared with the Redis client). The handshake is
/// driven by the first reads; no call ever waits: when OpenSSL must, the result says for which
/// readiness, and the event loop watches for it.
final class TLSTransport: ConnectionTransport {
    /// The most plaintext one TLS record carries.
    static let recordSize = 16_384

    let fd: Int32
    private let session: TLSSession
    /// An end or error met after some bytes were read, reported by the next read.
    private var pendingReadOutcome: TransportResult?

    init?(fd: Int32, context: TLSContext) {
        guard let session = try? TLSSession(fd: fd, context: context.context, role: .accepting) else { return nil }
        self.fd = fd
        self.session = session
    }

    var isEstablished: Bool { session.isEstablished }

    /// Input OpenSSL took from the socket that the last read had no room for: epoll cannot see it,
    /// so the loop reads again without waiting for it.
    private(set) var holdsInput = false

    /// Reads what OpenSSL's read-ahead took from the socket, record after record, while `buffer` has
    /// room: one `recv` for a request (not a record header and then its body) and no further `recv`
    /// that could only say EAGAIN. A record of the full size says more may follow, so another read is
    /// tried after it. What does not fit stays inside OpenSSL, and `holdsInput` says so.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        holdsInput = false
        if let pendingReadOutcome {
            self.pendingReadOutcome = nil
            return pendingReadOutcome
        }
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .failed(EINVAL) }
        var total = 0
        while true {
            let result = session.read(into: base + total, count: buffer.count - total)
            guard case .bytes(let count) = result else {
                let outcome = transportResult(result, reading: true)
                guard total > 0 else { return outcome }
                if case .wouldBlock = outcome {} else { pendingReadOutcome = outcome }
                return .bytes(total)
            }
            total += count
            if total == buffer.count {
                holdsInput = session.hasPendingInput
                return .bytes(total)
            }
            guard count == Self.recordSize || session.hasPendingInput else { return .bytes(total) }
        }
    }

    /// Writes record by record until everything is out or the socket is full.
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .bytes(0) }
        var total = 0
        while total < bytes.count {
            let result = session.write(base + total, count: bytes.count - total)
            guard case .bytes(let count) = result else {
                // A retry must start with the same bytes: the loop passes them again from `total` on.
                return total > 0 ? .bytes(total) : transportResult(result, reading: false)
            }
            total += count
        }
        return .bytes(total)
    }

    /// A head and its body as one stream, the head in the same record as the start of the body:
    /// each `SSL_write_ex` makes at least one record and one `send`, so writing them in turn would
    /// cost a second record and system call for a few hundred bytes of head (a page of up to 16 KiB
    /// leaves in one). The copy is of one record's worth at most; the rest of the body is written from
    /// its own array. A retry rebuilds the same first record from the same pending bytes.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> TransportResult {
        guard !first.isEmpty else { return write(second) }
        guard !second.isEmpty else { return write(first) }
        let total = first.count + second.count
        guard first.count < Self.recordSize else {
            // A head of a record or more gains nothing from sharing one: each in turn.
            let head = write(first)
            guard case .bytes(let count) = head, count == first.count else { return head }
            if case .bytes(let more) = write(second) { return .bytes(count + more) }
            return .bytes(count)
        }
        let joined = min(Self.recordSize, total)
        let fromSecond = joined - first.count
        let result = withUnsafeTemporaryAllocation(byteCount: joined, alignment: 16) { record in
            record.copyMemory(from: first)
            UnsafeMutableRawBufferPointer(rebasing: record[first.count...])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: second[..<fromSecond]))
            return session.write(record.baseAddress!, count: joined)
        }
        guard case .bytes(let count) = result else { return transportResult(result, reading: false) }
        guard count == joined, joined < total else { return .bytes(count) }
        if case .bytes(let more) = write(UnsafeRawBufferPointer(rebasing: second[fromSecond...])) { return .bytes(count + more) }
        return .bytes(count)
    }

    /// Sends close_notify (without waiting for the peer's), then closes the socket.
    func close() { session.close() }

    /// The session's outcome as the connection reads it; a plain HTTP request on this port gets
    /// a plain answer first.
    private func transportResult(_ result: SocketIO, reading: Bool) -> TransportResult {
        if case .protocolError(let failure) = result, failure.isPlainHTTPRequest { answerPlainHTTP() }
        return TransportResult(result, reading: reading)
    }

    /// Someone typed http:// for this port: say so in plain HTTP rather than just hanging up.
    private func answerPlainHTTP() {
        let body = "400 Bad Request\nThis port speaks HTTPS: use an https:// address.\n"
        let response = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBytes { wp_send_nosignal(fd, $0.baseAddress, $0.count) }
    }
}
