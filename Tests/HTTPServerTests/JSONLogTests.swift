import Foundation
import Glibc
import Log
import Testing
@testable import HTTPServer

@Suite struct JSONLogTests {
    private func objects(_ bytes: [UInt8]) throws -> [[String: Any]] {
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
    }

    @Test(arguments: ["/plain", "/quote\"d", "/new\nline", "/tab\tand\u{01}control\u{7F}", "/back\\slash", "/ünï€ødé"])
    func accessLinesParseAsJSONWhateverThePath(_ path: String) throws {
        var log = AccessLog()
        log.fd = -1
        log.format = .json
        log.record(.init(sequence: 0, method: "GET", target: path + "?token=secret", status: 200, bytes: 123, nanoseconds: 1_234_567,
                         route: "/library/{category}", requestID: "abc123"), date: "", client: "127.0.0.1")
        let object = try #require(try objects(log.buffer).first)
        #expect(object["path"] as? String == path)
        #expect(object["method"] as? String == "GET")
        #expect(object["route"] as? String == "/library/{category}")
        #expect(object["status"] as? Int == 200)
        #expect(object["bytes"] as? Int == 123)
        #expect(object["duration_ms"] as? Double == 1.23)
        #expect(object["request_id"] as? String == "abc123")
        #expect(object["client"] as? String == "127.0.0.1")
        #expect(object["peer"] == nil)
        #expect(object["level"] as? String == "info")
        let time = try #require(object["time"] as? String)
        #expect(time.count == 24 && time.hasSuffix("Z") && time.contains("."))
        #expect(!String(decoding: log.buffer, as: UTF8.self).contains("secret"))
    }

    @Test func aPathHoldingASecretIsLoggedAsItsRoute() throws {
        var log = AccessLog()
        log.fd = -1
        log.format = .json
        log.record(.init(sequence: 0, method: "GET", target: "/reset-password/s3cret", status: 200, bytes: 1, nanoseconds: 1,
                         route: "/reset-password/{token}", hidesPath: true), date: "")
        #expect(try objects(log.buffer).first?["path"] as? String == "/reset-password/{token}")
        var text = AccessLog()
        text.fd = -1
        text.record(.init(sequence: 0, method: "GET", target: "/reset-password/s3cret", status: 200, bytes: 1, nanoseconds: 1,
                          route: "/reset-password/{token}", hidesPath: true), date: "d")
        #expect(!String(decoding: text.buffer, as: UTF8.self).contains("s3cret"))
    }

    @Test func loggerMessagesAreOneJSONObjectPerLine() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let logger = Logger(level: .info, format: .json, fd: fds[1])
        logger.info("started \"quoted\"\nsecond line")
        logger.error("failed\u{0}")
        logger.debug("not written")
        close(fds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(fds[0], &chunk, chunk.count), count > 0 { bytes += chunk[..<count] }
        let lines = try objects(bytes)
        #expect(lines.count == 2)
        #expect(lines[0]["message"] as? String == "started \"quoted\"\nsecond line")
        #expect(lines[0]["level"] as? String == "info")
        #expect(lines[1]["message"] as? String == "failed\u{0}")
        #expect(lines[1]["level"] as? String == "error")
    }

    @Test func aProxiedLineNamesThePeerBesideTheClient() throws {
        var log = AccessLog()
        log.fd = -1
        log.format = .json
        log.record(.init(sequence: 0, method: "GET", target: "/", status: 200, bytes: 1, nanoseconds: 1),
                   date: "", client: "2001:db8::7", peer: "10.0.0.2")
        let object = try #require(try objects(log.buffer).first)
        #expect(object["client"] as? String == "2001:db8::7")
        #expect(object["peer"] as? String == "10.0.0.2")
    }
}
