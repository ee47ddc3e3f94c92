import COpenSSL
import Glibc
@testable import HTTPServer

/// A small HTTPS browser for tests: one TLS connection to 127.0.0.1 kept alive for every request
/// (never reopened, so a test sees whether keep-alive held), a cookie jar, and a timeout on every
/// read so a broken server fails the test instead of hanging it. The handshake happens in `init`.
/// It trusts any certificate: the tests make a throw-away one.
final class HTTPSClient {
    enum Failure: Error { case connect(Int32), setup, handshake(String), timedOut, closed, malformed(String) }

    let port: Int
    var cookies: [String: String] = [:]
    /// The raw Set-Cookie values received, newest last.
    private(set) var setCookies: [String] = []
    private let fd: Int32
    private let ssl: OpaquePointer
    private var buffer: [UInt8] = []

    init(port: Int, timeoutMilliseconds: Int = 5000) throws {
        self.port = port
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: (timeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
        // The server's own BIO: it sends with MSG_NOSIGNAL, so a server that hangs up cannot raise SIGPIPE here.
        guard let method = SocketBIO.shared, let context = SSL_CTX_new(TLS_client_method()) else {
            close(fd)
            throw Failure.setup
        }
        defer { SSL_CTX_free(context) }
        guard let ssl = SSL_new(context), let bio = method.make(fd: fd) else {
            close(fd)
            throw Failure.setup
        }
        self.fd = fd
        self.ssl = ssl
        SSL_set_bio(ssl, bio, bio)
        let alpn: [UInt8] = [8] + Array("http/1.1".utf8)
        _ = SSL_set_alpn_protos(ssl, alpn, UInt32(alpn.count))
        ERR_clear_error()
        guard SSL_connect(ssl) == 1 else { throw Failure.handshake(OpenSSLError.drain()) }
    }

    deinit {
        SSL_free(ssl)
        close(fd)
    }

    func get(_ target: String) throws -> WebClient.Response {
        try request("GET", target)
    }

    /// Posts `form` urlencoded; the page's CSRF token is added by the caller.
    func post(_ target: String, form: [(String, String)]) throws -> WebClient.Response {
        let body = form.map { "\(WebClient.encode($0.0))=\(WebClient.encode($0.1))" }.joined(separator: "&")
        return try request(
            "POST", target, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(body.utf8))
    }

    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> WebClient.Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\n"
        if !cookies.isEmpty {
            head += "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        let response = try readResponse()
        for value in response.headers("Set-Cookie") { store(cookie: value) }
        return response
    }

    private func store(cookie: String) {
        setCookies.append(cookie)
        let pair = cookie.prefix { $0 != ";" }
        guard let equals = pair.firstIndex(of: "=") else { return }
        let name = String(pair[..<equals])
        if cookie.lowercased().contains("max-age=0") {
            cookies[name] = nil
        } else {
            cookies[name] = String(pair[pair.index(after: equals)...])
        }
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            var written = 0
            ERR_clear_error()
            let result = bytes.withUnsafeBytes { SSL_write_ex(ssl, $0.baseAddress! + offset, bytes.count - offset, &written) }
            guard result == 1 else {
                _ = OpenSSLError.drain()
                throw Failure.closed
            }
            offset += written
        }
    }

    /// One response with a Content-Length body (Waypoint always sends one).
    private func readResponse() throws -> WebClient.Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4 {
                headEnd = (0...(buffer.count - 4)).first { buffer[$0..<$0 + 4].elementsEqual(separator) }
            }
            if headEnd == nil { try fill() }
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
        var response = WebClient.Response(status: status, headers: headers, body: [])
        let length = status == 304 || status == 204 || status < 200 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length { try fill() }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var count = 0
        ERR_clear_error()
        let result = chunk.withUnsafeMutableBytes { SSL_read_ex(ssl, $0.baseAddress, $0.count, &count) }
        guard result == 1 else {
            let error = SSL_get_error(ssl, 0)
            _ = OpenSSLError.drain()
            throw error == SSL_ERROR_WANT_READ ? Failure.timedOut : Failure.closed
        }
        buffer.append(contentsOf: chunk[..<count])
    }
}
