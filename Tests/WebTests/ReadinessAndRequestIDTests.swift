import Foundation
import HTTPCore
import Synchronization
import HTTPServer
import Testing
import TestSupport
@testable import Web

@Suite struct ReadinessAndRequestIDTests {
    @Test func readinessTurns503WhenDrainingWhileLivenessStaysUp() throws {
        let app = try TestApp()
        let client = app.client()
        #expect(try client.get("/readyz").status == 200)
        app.application.beginDraining()
        #expect(try client.get("/readyz").status == 503)
        #expect(try client.get("/healthz").status == 200)
        #expect(try client.get("/library/category-1").status == 200)
    }

    @Test func everyResponseCarriesAGeneratedRequestID() throws {
        let app = try TestApp()
        let client = app.client()
        let page = try client.get("/library/category-1", headers: [("X-Request-Id", "chosen-by-client")])
        let id = try #require(page.header("X-Request-Id"))
        #expect(id != "chosen-by-client")
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
        #expect(try client.get("/styles.css").header("X-Request-Id") != nil)
        #expect(try client.get("/library/category-1").header("X-Request-Id") != id)
    }

    @Test func generatedRequestIDsDoNotRepeat() {
        let ids = (0..<10_000).map { _ in RequestID.generate() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.utf8.count == 16 && $0.allSatisfy(\.isHexDigit) })
        // Lower-case digits, every one of the sixteen seen somewhere.
        #expect(ids.allSatisfy { $0 == $0.lowercased() })
        #expect(Set(ids.joined()) == Set("0123456789abcdef"))
        // Consecutive counts scatter: the scrambling is a bijection, not a visible sequence.
        #expect(RequestID.scrambled(1) != RequestID.scrambled(0) &+ 1)
        #expect(Set((0..<1_000).map { RequestID.scrambled($0) >> 48 }).count > 900)
    }

    @Test func aTrustedProxysRequestIDIsKeptIfWellFormed() throws {
        let app = try TestApp(trustedProxies: TrustedProxies(list: "127.0.0.1")!)
        let client = app.client()
        #expect(try client.get("/library/category-1", headers: [("X-Request-Id", "lb-42.abc")]).header("X-Request-Id") == "lb-42.abc")
        let odd = try client.get("/library/category-1", headers: [("X-Request-Id", "<script>")]).header("X-Request-Id")
        #expect(odd != "<script>")
    }

    @Test func theServerErrorPageQuotesTheRequestID() throws {
        let app = try TestApp()
        let real = app.application.responder
        let box = Mutex<HTTPResponse?>(nil)
        let reply = real.labeling(HTTPReply { response in box.withLock { $0 = response } }, ExchangeLabel("/x"), request: {
            var request = HTTPRequest(method: .get, target: "/x")
            request.headers.set("X-Request-Id", "feedc0ffee123456")
            return request
        }(), secure: false)
        reply.send(HTTPResponse.text("boom", status: .internalServerError))
        let sent = box.withLock { $0 }
        let page = String(decoding: try #require(sent).body, as: UTF8.self)
        #expect(sent?.status == .internalServerError)
        #expect(page.contains("feedc0ffee123456"))
        #expect(page.contains("Something went wrong"))
    }
}
