import Glibc

/// A blocking TCP connection to 127.0.0.1 where every read and write has a timeout, so a broken
/// server fails a test instead of hanging it. TLS clients run on top of its `fd`.
public final class LoopbackClient {
    public enum Failure: Error { case connect(Int32), timedOut, closed }

    public let fd: Int32
    private var buffer: [UInt8] = []

    public init(port: Int, timeoutMilliseconds: Int = 10_000) throws {
        fd = try Self.connect(port: port, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Connects before `self` exists: a class whose init throws after its properties are set still
    /// runs `deinit`, which would close the descriptor a second time, possibly after another test's
    /// thread was given the same number.
    private static func connect(port: Int, timeoutMilliseconds: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: (timeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
        return fd
    }

    deinit { close(fd) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends `bytes` exactly as given; stops quietly if the server has gone (tests then see that on read).
    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Reads one response; `head` for answers to HEAD (no body despite Content-Length).
    public func readResponse(head: Bool = false) throws -> TestResponse {
        while true {
            if let response = try TestResponse.parse(&buffer, head: head) { return response }
            try fill()
        }
    }

    /// A response if its first bytes arrive within `milliseconds` (10 ms unless told), else nil
    /// (nothing is lost for later reads). The wait ends as soon as the server answers.
    public func readResponseIfAvailable(withinMilliseconds milliseconds: Int = 10) throws -> TestResponse? {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        var saved = timeval()
        var length = socklen_t(MemoryLayout<timeval>.size)
        getsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &saved, &length)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        defer { setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &saved, socklen_t(MemoryLayout<timeval>.size)) }
        do { try fill() } catch Failure.timedOut { return nil }
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &saved, socklen_t(MemoryLayout<timeval>.size))
        return try readResponse()
    }

    /// Whether the connection is still open right now: nothing to read and no EOF, without waiting.
    /// Lets a test say "answered before the server let that client go" instead of timing it.
    public func isOpen() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }

    /// Whether the server closed the connection (EOF or reset) within the read timeout.
    public func isClosedByServer() -> Bool {
        while true {
            var byte: UInt8 = 0
            let count = recv(fd, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
            buffer.append(byte)
        }
    }

    /// Everything the server sends until it closes; nil if it is still open when the read timeout passes.
    public func readUntilClosed() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno == ECONNRESET {
                defer { buffer.removeAll() }
                return buffer
            } else if errno != EINTR {
                return nil
            }
        }
    }

    /// Reads until the bytes received so far contain `marker`, and returns them all (consumed);
    /// throws when the connection closes or the read timeout passes first. For open-ended answers
    /// such as event streams.
    public func readUntil(_ marker: String) throws -> String {
        let needle = Array(marker.utf8)
        while true {
            if let range = buffer.firstRange(of: needle) {
                defer { buffer.removeSubrange(..<range.upperBound) }
                return String(decoding: buffer[..<range.upperBound], as: UTF8.self)
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure.closed }
        if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timedOut : Failure.closed }
        buffer.append(contentsOf: chunk[..<count])
    }
}
