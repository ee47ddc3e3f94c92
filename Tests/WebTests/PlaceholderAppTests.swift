import HTTPCore
import HTTPServer
import Synchronization
import Testing
@testable import Web

@Suite struct PlaceholderAppTests {
    func answer(_ target: String, method: HTTPMethod = .get) -> HTTPResponse? {
        let box = Mutex<HTTPResponse?>(nil)
        PlaceholderApp().respond(
            to: HTTPRequest(method: method, target: target),
            connection: ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false),
            reply: HTTPReply { response in box.withLock { $0 = response } })
        return box.withLock { $0 }
    }

    @Test func healthzSaysOK() {
        #expect(answer("/healthz")?.status == .ok)
        #expect(answer("/healthz")?.body == Array("ok".utf8))
    }

    @Test func theHomePageIsHTML() {
        #expect(answer("/")?.headers["Content-Type"]?.hasPrefix("text/html") == true)
    }

    @Test func anythingElseIs404() {
        #expect(answer("/nope")?.status == .notFound)
        #expect(answer("/healthz", method: .post)?.status == .methodNotAllowed)
    }
}
