@testable import HTTPServer
import Testing

@Suite struct AccessLogTests {
    @Test func aLineHoldsMethodPathStatusBytesAndDuration() {
        var log = AccessLog()
        log.fd = -1
        log.record(.init(sequence: 0, method: "GET", target: "/a?b=1", status: 200, bytes: 512, nanoseconds: 1_234_567),
                   date: "Sun, 22 Nov 2026 00:00:00 GMT")
        #expect(String(decoding: log.buffer, as: UTF8.self)
            == "[Sun, 22 Nov 2026 00:00:00 GMT] GET /a?b=1 200 512B 1.23ms\n")
    }

    @Test func controlCharactersInTheTargetCannotForgeLines() {
        var log = AccessLog()
        log.fd = -1
        log.record(.init(sequence: 0, method: "GET", target: "/x\n[fake] line", status: 404, bytes: 0, nanoseconds: 5_000),
                   date: "d")
        let text = String(decoding: log.buffer, as: UTF8.self)
        #expect(text == "[d] GET /x?[fake] line 404 0B 0.00ms\n")
    }

    @Test func aLineNamesTheClientAndTheProxyItCameThrough() {
        var log = AccessLog()
        log.fd = -1
        let entry = ConnectionStateMachine.AccessEntry(sequence: 0, method: "GET", target: "/", status: 200, bytes: 1, nanoseconds: 0)
        log.record(entry, date: "d", client: "198.51.100.7", peer: "10.0.0.2")
        log.record(entry, date: "d", client: "198.51.100.8", peer: "198.51.100.8")
        #expect(String(decoding: log.buffer, as: UTF8.self)
            == "[d] 198.51.100.7 via 10.0.0.2 GET / 200 1B 0.00ms\n[d] 198.51.100.8 GET / 200 1B 0.00ms\n")
    }
}
