import Testing
import TestSupport

extension TestApp {
    /// Opens `/_events` as a browser's `EventSource` would, with `client`'s cookies. Once its head
    /// is read the stream is registered (the server registers it before writing the head).
    func events(as client: WebClient, lastEventID: String? = nil) throws -> LoopbackClient {
        let connection = try LoopbackClient(port: port, timeoutMilliseconds: 5_000)
        let cookies = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        var head = "GET /_events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: \(cookies)\r\n"
        if let lastEventID { head += "Last-Event-ID: \(lastEventID)\r\n" }
        connection.send(head + "\r\n")
        let answer = try connection.readUntil("\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
        #expect(answer.contains("Content-Type: text/event-stream"))
        // Never stored, and not `no-store`: that would keep every page out of Chromium's back/forward cache.
        #expect(answer.contains("Cache-Control: no-cache"))
        #expect(!answer.contains("no-store"))
        return connection
    }
}
