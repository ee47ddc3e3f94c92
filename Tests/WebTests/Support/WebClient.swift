import TestSupport

/// A small browser for tests: keep-alive connection to 127.0.0.1, a cookie jar, and a timeout on
/// every read so a broken server fails the test instead of hanging it.
final class WebClient {
    typealias Response = TestResponse

    var port: Int
    var cookies: [String: String] = [:]
    private var connection: LoopbackClient?

    init(port: Int) {
        self.port = port
    }

    deinit { disconnect() }

    var sessionCookie: String? {
        get { cookies["waypoint_session"] }
        set { cookies["waypoint_session"] = newValue }
    }

    func get(_ target: String, headers: [(String, String)] = []) throws -> Response {
        try request("GET", target, headers: headers)
    }

    /// Posts `form` urlencoded; the page's CSRF token is added by the caller.
    func post(_ target: String, form: [(String, String)], headers: [(String, String)] = []) throws -> Response {
        let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try request(
            "POST", target, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, body: Array(body.utf8))
    }

    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if !cookies.isEmpty {
            head += "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let response: Response
        do {
            let connection = try connected()
            connection.send(Array(head.utf8) + body)
            response = try connection.readResponse(head: method == "HEAD")
        } catch LoopbackClient.Failure.closed {
            // The server closed an idle keep-alive connection: try once on a new one.
            disconnect()
            let connection = try connected()
            connection.send(Array(head.utf8) + body)
            response = try connection.readResponse(head: method == "HEAD")
        }
        if response.header("Connection")?.lowercased() == "close" { disconnect() }
        for value in response.headers("Set-Cookie") { store(cookie: value) }
        return response
    }

    /// Sends `bytes` exactly as given (for requests no browser would make) and reads one answer.
    func raw(_ bytes: String) throws -> Response {
        let connection = try connected()
        connection.send(bytes)
        let response = try connection.readResponse()
        if response.header("Connection")?.lowercased() == "close" { disconnect() }
        return response
    }

    private func store(cookie: String) {
        let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: " ") }
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return }
        let name = String(pair[..<equals])
        let value = String(pair[pair.index(after: equals)...])
        if parts.contains(where: { $0.lowercased() == "max-age=0" }) {
            cookies[name] = nil
        } else {
            cookies[name] = value
        }
    }

    private func connected() throws -> LoopbackClient {
        if let connection { return connection }
        let connection = try LoopbackClient(port: port, timeoutMilliseconds: 5000)
        self.connection = connection
        return connection
    }

    func disconnect() {
        connection = nil
    }

    /// Form encoding: unreserved characters as is, everything else as %XX.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return out
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
