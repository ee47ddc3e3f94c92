import HTTPCore
import Testing

/// The parser reuses the previous request's target and field values when the bytes are the same:
/// whatever it reuses, each request must read exactly what it sent.
@Suite struct HTTPRequestParserRecentValueTests {
    private static func request(_ target: String, _ fields: [String]) -> String {
        "GET \(target) HTTP/1.1\r\n" + fields.map { $0 + "\r\n" }.joined() + "\r\n"
    }

    @Test func aValueChangedInPlaceIsReadAnew() throws {
        let first = Self.request("/a", ["Host: a", "Cookie: session=1111", "Accept: */*"])
        let second = Self.request("/b", ["Host: a", "Cookie: session=2222", "Accept: */*"])
        let outcome = ParserHarness.parse(first + second + first)
        #expect(outcome.error == nil)
        #expect(outcome.requests.map(\.target) == ["/a", "/b", "/a"])
        #expect(outcome.requests.map(\.headers) == [
            ["Host: a", "Cookie: session=1111", "Accept: */*"],
            ["Host: a", "Cookie: session=2222", "Accept: */*"],
            ["Host: a", "Cookie: session=1111", "Accept: */*"],
        ])
    }

    @Test func fieldsInAnotherOrderOrNumberKeepTheirOwnValues() throws {
        let first = Self.request("/", ["Host: a", "X-One: 1", "X-Two: 2"])
        let second = Self.request("/", ["X-Two: 2", "Host: a"])
        let third = Self.request("/", ["Host: a", "X-Two: 1", "X-One: 2", "X-Three: 3"])
        let outcome = ParserHarness.parse(first + second + third)
        #expect(outcome.error == nil)
        #expect(outcome.requests.map(\.headers) == [
            ["Host: a", "X-One: 1", "X-Two: 2"],
            ["X-Two: 2", "Host: a"],
            ["Host: a", "X-Two: 1", "X-One: 2", "X-Three: 3"],
        ])
    }

    @Test func fieldsBeyondTheRememberedOnesAreReadEachTime() throws {
        let first = Self.request("/", ["Host: a"] + (0..<30).map { "X-\($0): first-\($0)" })
        let second = Self.request("/", ["Host: a"] + (0..<30).map { "X-\($0): other-\($0)" })
        let outcome = ParserHarness.parse(first + second + first)
        #expect(outcome.error == nil)
        #expect(outcome.requests.count == 3)
        #expect(outcome.requests[1].headers == ["Host: a"] + (0..<30).map { "X-\($0): other-\($0)" })
        #expect(outcome.requests[2].headers == ["Host: a"] + (0..<30).map { "X-\($0): first-\($0)" })
    }

    @Test func bytesThatAreNotUTF8AreRepairedOnEveryRequest() throws {
        let head = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Raw: a".utf8) + [0xFF, 0xC3] + Array("b\r\n\r\n".utf8)
        let outcome = ParserHarness.parse([head + head])
        #expect(outcome.error == nil)
        let expected = "X-Raw: " + String(decoding: Array("a".utf8) + [0xFF, 0xC3] + Array("b".utf8), as: UTF8.self)
        #expect(outcome.requests.map { $0.headers.last } == [expected, expected])
    }

    @Test func aTargetOfTheSameLengthIsReadAnew() throws {
        let outcome = ParserHarness.parse(
            Self.request("/styles.css", ["Host: a"]) + Self.request("/scripts.js", ["Host: a"])
                + Self.request("/styles.css?v=2", ["Host: a"]) + Self.request("/styles.css", ["Host: a"]))
        #expect(outcome.error == nil)
        #expect(outcome.requests.map(\.target) == ["/styles.css", "/scripts.js", "/styles.css?v=2", "/styles.css"])
        #expect(outcome.requests.map(\.path) == ["/styles.css", "/scripts.js", "/styles.css", "/styles.css"])
        #expect(outcome.requests.map(\.query) == [nil, nil, "v=2", nil])
    }

    /// A Host value reused from the previous request skips its character check only when those
    /// bytes passed it as a Host value; the same bytes from another field are checked.
    @Test func aHostValueKeptFromAnotherFieldIsStillChecked() {
        let first = Self.request("/", ["Host: a", "X-Other: b c"])
        let second = Self.request("/", ["X-First: z", "Host: b c"])
        let outcome = ParserHarness.parse(first + second)
        #expect(outcome.requests.count == 1)
        #expect(outcome.error == HTTPParseError(status: .badRequest, reason: "invalid Host header"))
    }

    @Test func aHostValueThatPassedIsAcceptedAgainAndAnotherIsChecked() {
        let valid = Self.request("/", ["Host: example.com:8080", "Accept: */*"])
        let invalid = Self.request("/", ["Host: example.com/8080", "Accept: */*"])
        let outcome = ParserHarness.parse(valid + valid + invalid)
        #expect(outcome.requests.count == 2)
        #expect(outcome.requests.allSatisfy { $0.headers.first == "Host: example.com:8080" })
        #expect(outcome.error == HTTPParseError(status: .badRequest, reason: "invalid Host header"))
    }
}
