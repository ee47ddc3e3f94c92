import Glibc

/// A small browser for tests: keep-alive connection to 127.0.0.1, a cookie jar, and a timeout on
/// every read so a broken server fails the test instead of hanging it.
final class WebClient {
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        func headers(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }

        var text: String { String(decoding: body, as: UTF8.self) }
        var location: String? { header("Location") }

        /// The CSRF token of the page's forms.
        var csrfToken: String? {
            guard let range = text.range(of: #"name="csrfToken" value=""#) else { return nil }
            let rest = text[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    enum Failure: Error { case connect(Int32), timedOut, closed, malformed(String) }

    let port: Int
    var cookies: [String: String] = [:]
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []

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
        if fd < 0 { try connect() }
        send(Array(head.utf8) + body)
        let response: Response
        do {
            response = try readResponse(head: method == "HEAD")
        } catch Failure.closed {
            // The server closed an idle keep-alive connection: try once on a new one.
            disconnect()
            try connect()
            send(Array(head.utf8) + body)
            response = try readResponse(head: method == "HEAD")
        }
        if response.header("Connection")?.lowercased() == "close" { disconnect() }
        for value in response.headers("Set-Cookie") { store(cookie: value) }
        return response
    }

    /// Sends `bytes` exactly as given (for requests no browser would make) and reads one answer.
    func raw(_ bytes: String) throws -> Response {
        if fd < 0 { try connect() }
        send(Array(bytes.utf8))
        let response = try readResponse(head: false)
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

    private func connect() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
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
            disconnect()
            throw Failure.connect(code)
        }
    }

    func disconnect() {
        if fd >= 0 { close(fd) }
        fd = -1
        buffer.removeAll()
    }

    private func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    private func readResponse(head: Bool) throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = find([13, 10, 13, 10])
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
        var response = Response(status: status, headers: headers, body: [])
        let length = head || status == 304 || status == 204 || status < 200 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length { try fill() }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
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
