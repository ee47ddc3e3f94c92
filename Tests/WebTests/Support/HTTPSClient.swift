import COpenSSL
@testable import HTTPServer
import Networking
import TestSupport

/// A small HTTPS browser for tests: one TLS connection to 127.0.0.1 kept alive for every request
/// (never reopened, so a test sees whether keep-alive held), a cookie jar, and a timeout on every
/// read so a broken server fails the test instead of hanging it. The handshake happens in `init`.
/// It trusts any certificate: the tests make a throw-away one.
final class HTTPSClient {
    enum Failure: Error { case setup, handshake(String), timedOut, closed }

    let port: Int
    var cookies: [String: String] = [:]
    /// The raw Set-Cookie values received, newest last.
    private(set) var setCookies: [String] = []
    private let tcp: LoopbackClient
    private let ssl: OpaquePointer
    private var buffer: [UInt8] = []

    init(port: Int, timeoutMilliseconds: Int = 5000) throws {
        self.port = port
        tcp = try LoopbackClient(port: port, timeoutMilliseconds: timeoutMilliseconds)
        // The server's own BIO: it sends with MSG_NOSIGNAL, so a server that hangs up cannot raise SIGPIPE here.
        guard let method = SocketBIO.shared, let context = SSL_CTX_new(TLS_client_method()) else { throw Failure.setup }
        defer { SSL_CTX_free(context) }
        guard let ssl = SSL_new(context) else { throw Failure.setup }
        self.ssl = ssl
        guard let bio = method.make(fd: tcp.fd) else { throw Failure.setup }
        SSL_set_bio(ssl, bio, bio)
        let alpn: [UInt8] = [8] + Array("http/1.1".utf8)
        _ = SSL_set_alpn_protos(ssl, alpn, UInt32(alpn.count))
        ERR_clear_error()
        guard SSL_connect(ssl) == 1 else { throw Failure.handshake(OpenSSLError.drain()) }
    }

    deinit { SSL_free(ssl) }

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
        while true {
            if let response = try TestResponse.parse(&buffer) { return response }
            try fill()
        }
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
