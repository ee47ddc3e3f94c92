/// One HTTP response as a test client received it: status, headers in arrival order, and body bytes.
public struct TestResponse: Sendable {
    public enum Failure: Error { case malformed(String) }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, matched case-insensitively as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header that may repeat, such as Set-Cookie.
    public func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
    public var location: String? { header("Location") }

    /// One whole response taken off the front of `buffer`, or nil (leaving `buffer` as it was) if it has
    /// not all arrived. `head` marks an answer to HEAD, which has no body despite its Content-Length.
    public static func parse(_ buffer: inout [UInt8], head: Bool = false) throws -> TestResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= separator.count,
              let headEnd = (0...(buffer.count - separator.count)).first(where: {
                  buffer[$0..<$0 + separator.count].elementsEqual(separator)
              })
        else { return nil }
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformed(headText) }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        var response = TestResponse(status: status, headers: headers, body: [])
        let hasBody = !head && status >= 200 && status != 204 && status != 304
        let length = hasBody ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
        let bodyStart = headEnd + separator.count
        guard buffer.count >= bodyStart + length else { return nil }
        response.body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return response
    }
}
