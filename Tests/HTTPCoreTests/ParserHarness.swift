import HTTPCore

/// What a parser produced from some input, in a form tests can compare.
struct ParseOutcome: Equatable, CustomStringConvertible {
    enum Event: Equatable {
        case expectsContinue
        case request(RequestSummary)
    }

    var events: [Event] = []
    var error: HTTPParseError?
    /// Bytes buffered but not yet turned into an event.
    var pendingBytes = 0

    var requests: [RequestSummary] {
        events.compactMap { if case .request(let request) = $0 { request } else { nil } }
    }

    var description: String { "events: \(events), error: \(String(describing: error)), pending: \(pendingBytes)" }
}

struct RequestSummary: Equatable {
    var method: String
    var target: String
    var path: String
    var query: String?
    var version: HTTPVersion
    var headers: [String]
    var body: String
    var keepAlive: Bool

    init(_ request: HTTPRequest) {
        method = request.method.rawValue
        target = request.target
        path = request.path
        query = request.query
        version = request.version
        headers = request.headers.map { "\($0.name): \($0.value)" }
        body = String(decoding: request.body, as: UTF8.self)
        keepAlive = request.keepAlive
    }
}

enum ParserHarness {
    /// Feeds `chunks` one after another, draining events after each; stops at the first error.
    /// Fails loudly if `next()` keeps returning events without consuming input.
    static func parse(_ chunks: [[UInt8]], limits: HTTPRequestParser.Limits = .init()) -> ParseOutcome {
        var parser = HTTPRequestParser(limits: limits)
        var outcome = ParseOutcome()
        for chunk in chunks {
            parser.append(chunk)
            var steps = 0
            do {
                while let event = try parser.next() {
                    steps += 1
                    precondition(steps < 100_000, "parser does not make progress")
                    switch event {
                    case .expectsContinue: outcome.events.append(.expectsContinue)
                    case .request(let request): outcome.events.append(.request(RequestSummary(request)))
                    }
                }
            } catch {
                outcome.error = error
                return outcome
            }
        }
        outcome.pendingBytes = parser.bufferedByteCount
        return outcome
    }

    static func parse(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> ParseOutcome {
        parse([Array(text.utf8)], limits: limits)
    }

    /// The input split in two at `offset`.
    static func parse(_ bytes: [UInt8], splitAt offset: Int, limits: HTTPRequestParser.Limits = .init()) -> ParseOutcome {
        parse([Array(bytes[..<offset]), Array(bytes[offset...])], limits: limits)
    }

    static func parseByteByByte(_ bytes: [UInt8], limits: HTTPRequestParser.Limits = .init()) -> ParseOutcome {
        parse(bytes.map { [$0] }, limits: limits)
    }
}
