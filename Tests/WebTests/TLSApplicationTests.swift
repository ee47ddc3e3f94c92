import Foundation
import Glibc
import HTTPServer
import Log
import Services
import Testing
import TestSupport
@testable import Web

/// The whole application over HTTPS on 127.0.0.1: pages, keep-alive, cookies and headers that only
/// TLS earns, forms, large answers, and peers that do not (or not yet) speak TLS.
@Suite struct TLSApplicationTests {
    /// A Waypoint with a throw-away P-256 certificate made by the openssl command, a temporary data
    /// folder, a public folder holding `bigFile`, and fast password hashing; everything goes away with the value.
    final class SecureApp {
        let folder = TemporaryDirectory(prefix: "waypoint-tls")
        let application: Application
        let port: Int

        init(handshakeTimeout: Duration = .seconds(2)) throws {
            (application, port) = try Self.start(in: folder.path, handshakeTimeout: handshakeTimeout)
        }

        private static func start(in directory: String, handshakeTimeout: Duration) throws -> (Application, Int) {
            try FileManager.default.createDirectory(atPath: directory + "/public", withIntermediateDirectories: true)
            try Data(bigFile).write(to: URL(fileURLWithPath: directory + "/public/big.txt"))
            let command = "cd '\(directory)' && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
                + "-keyout key.pem -out cert.pem -days 1 -subj /CN=localhost >/dev/null 2>&1"
            guard system(command) == 0 else { throw Failure.openssl }
            var configuration = WaypointConfiguration()
            configuration.port = 0
            configuration.dataDirectory = directory + "/data"
            configuration.templatesDirectory = TestApp.templatesDirectory
            configuration.publicDirectory = directory + "/public"
            configuration.passwordIterations = 1000
            configuration.logLevel = .error
            configuration.demoData = .benchmark  // the page the tests name, `Item 7 <3>`
            configuration.tlsCertificatePath = directory + "/cert.pem"
            configuration.tlsKeyPath = directory + "/key.pem"
            var options = TestApp.defaultOptions
            options.tlsHandshakeTimeout = handshakeTimeout
            let application = try buildApplication(configuration, options: options, logger: Logger(level: .error))
            do {
                return (application, try application.start())
            } catch {
                application.shutdown()
                throw error
            }
        }

        enum Failure: Error { case openssl }

        /// A megabyte: many TLS records, more than a loopback socket buffers. A block of prime length
        /// repeated, so a lost, repeated or swapped stretch shows.
        static let bigFile: [UInt8] = {
            let block = (0..<65_521).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 10) }
            return Array((0..<16).map { _ in block }.joined())
        }()

        func client() throws -> HTTPSClient { try HTTPSClient(port: port) }

        deinit {
            application.shutdown()
        }
    }

    static let page = "/library/category-3/items/107/details"

    @Test func aDeepLinkAnswersHTMLOverHTTPS() throws {
        let app = try SecureApp()
        let response = try app.client().get(Self.page)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.text.hasPrefix("<!DOCTYPE html>"))
        #expect(response.text.contains("Item 7 &lt;3&gt;"))
        #expect(response.text.contains("Value 1 of item 7"))
    }

    @Test func twoRequestsShareOneTLSConnectionAndOneSession() throws {
        let app = try SecureApp()
        let client = try app.client()
        let first = try client.get(Self.page)
        let second = try client.get("/library/category-3")
        #expect(first.status == 200)
        #expect(second.status == 200)
        #expect(second.header("Connection")?.lowercased() != "close")
        // The second request came back with the first one's cookie, so it made no new session.
        #expect(first.header("Set-Cookie") != nil)
        #expect(second.header("Set-Cookie") == nil)
        // The client never reconnects: a third answer proves the connection is still open.
        #expect(try client.get(Self.page).status == 200)
    }

    @Test func theSessionCookieIsSecureHttpOnlyAndLax() throws {
        let app = try SecureApp()
        let response = try app.client().get(Self.page)
        let cookie = try #require(response.header("Set-Cookie"))
        let attributes = Set(cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(cookie.hasPrefix("waypoint_session="))
        #expect(attributes.isSuperset(of: ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"]), "\(cookie)")
    }

    @Test(arguments: [(Self.page, 200), ("/login", 200), ("/library/category-3/items/999999", 404)])
    func htmlAnswersCarryStrictTransportSecurity(path: String, status: Int) throws {
        let app = try SecureApp()
        let response = try app.client().get(path)
        #expect(response.status == status)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Strict-Transport-Security") == "max-age=31536000; includeSubDomains")
    }

    @Test func signingInPostsOverTLSAndRotatesASecureCookie() throws {
        let app = try SecureApp()
        let client = try app.client()
        let login = try client.get("/login")
        let token = try #require(login.csrfToken)
        let before = try #require(client.cookies["waypoint_session"])
        let response = try client.post("/login", form: [("csrfToken", token), ("username", "demo"), ("password", "demo-password")])
        #expect(response.status == 303)
        #expect(response.header("Strict-Transport-Security") != nil)
        let rotated = try #require(response.header("Set-Cookie"))
        #expect(rotated.contains("; Secure"), "\(rotated)")
        let after = try #require(client.cookies["waypoint_session"])
        #expect(after != before)
        let page = try client.get(Self.page)
        #expect(page.text.contains("Signed in as"))
    }

    @Test func largeAnswersArriveWhole() throws {
        let app = try SecureApp()
        let client = try app.client()
        let page = try client.get(Self.page)
        #expect(page.body.count > 10_000)
        #expect(page.text.hasSuffix("</html>\n") || page.text.hasSuffix("</html>"))
        let big = try client.get("/big.txt")
        #expect(big.status == 200)
        #expect(big.body.count == SecureApp.bigFile.count)
        #expect(big.body == SecureApp.bigFile)
        // The connection is still in step after the big answer.
        #expect(try client.get(Self.page).text.contains("Item 7 &lt;3&gt;"))
    }

    @Test func plainHTTPOnTheTLSPortIsRefusedWhileHTTPSIsServed() throws {
        let app = try SecureApp()
        let secure = try app.client()
        #expect(try secure.get(Self.page).status == 200)
        let plain = try LoopbackClient(port: app.port, timeoutMilliseconds: 3000)
        plain.send(Array("GET \(Self.page) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        let answer = try #require(plain.readUntilClosed(), "the server kept a plain-HTTP peer open")
        let text = String(decoding: answer, as: UTF8.self)
        #expect(answer.isEmpty || text.hasPrefix("HTTP/1.1 400 "), "\(text)")
        #expect(!text.contains("<!DOCTYPE html>"))
        #expect(try secure.get(Self.page).status == 200)
    }

    /// What a staller sends: nothing, or a handshake record header promising 512 bytes and a few of them.
    @Test(arguments: [[], [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]] as [[UInt8]])
    func aClientStallingInTheHandshakeIsLetGoWithoutBlockingOthers(prefix: [UInt8]) throws {
        // One event loop: a staller that blocked it would hold back every other client.
        let app = try SecureApp(handshakeTimeout: .milliseconds(1500))
        let staller = try LoopbackClient(port: app.port, timeoutMilliseconds: 10_000)
        staller.send(prefix)
        let start = ContinuousClock.now
        let other = try app.client()
        #expect(try other.get(Self.page).status == 200)
        // Served while the staller is still held: nothing waited for its handshake timeout.
        #expect(staller.isOpen(), "served only after the staller was let go")
        #expect(staller.readUntilClosed() != nil, "the staller was never let go")
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(1400) && elapsed < .seconds(8), "\(elapsed)")
        // The established connection is not subject to the handshake timeout.
        #expect(try other.get("/library/category-1").status == 200)
    }
}
