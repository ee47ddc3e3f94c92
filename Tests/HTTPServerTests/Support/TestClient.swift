import Glibc

/// A blocking loopback client where every read has a timeout, so a broken server fails a test
/// instead of hanging it.
final class TestClient {
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error { case connect(Int32), timedOut, closed, malformed(String) }

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeoutMilliseconds: Int = 2000) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: (timeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Reads one response; `head` for answers to HEAD (no body despite Content-Length).
    func readResponse(head: Bool = false) throws -> Response {
        var headEnd: Int?
        while true {
            if let end = find([13, 10, 13, 10]) { headEnd = end; break }
            try fill()
        }
        guard let headEnd else { throw Failure.malformed("no head") }
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformed(headText) }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        var response = Response(status: status, headers: headers, body: [])
        let length = head || status == 304 || status == 204 || status < 200 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length { try fill() }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// A response if one has fully arrived within 10 ms, else nil (nothing is lost for later reads).
    func readResponseIfAvailable() throws -> Response? {
        var timeout = timeval(tv_sec: 0, tv_usec: 10_000)
        var saved = timeval()
        var length = socklen_t(MemoryLayout<timeval>.size)
        getsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &saved, &length)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        defer { setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &saved, socklen_t(MemoryLayout<timeval>.size)) }
        do { try fill() } catch Failure.timedOut { return nil }
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &saved, socklen_t(MemoryLayout<timeval>.size))
        return try readResponse()
    }

    /// Whether the server closed the connection (EOF or reset) within the read timeout.
    func isClosedByServer() -> Bool {
        while true {
            var byte: UInt8 = 0
            let count = recv(fd, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
            buffer.append(byte)
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure.closed }
        if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timedOut : Failure.closed }
        buffer.append(contentsOf: chunk[..<count])
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start..<start + pattern.count].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}
