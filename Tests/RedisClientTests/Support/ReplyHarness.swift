import RedisClient

/// What a parser produced from a byte stream, in a form tests can compare.
struct ReplyOutcome: Equatable, CustomStringConvertible {
    var replies: [RESPValue] = []
    var error: RESPParseError?
    var pendingBytes = 0

    var description: String { "replies: \(replies), error: \(String(describing: error)), pending: \(pendingBytes)" }
}

enum ReplyHarness {
    /// Feeds `chunks` one after the other, taking out every reply that completes after each.
    static func parse(_ chunks: [[UInt8]], limits: RESPParser.Limits = RESPParser.Limits()) -> ReplyOutcome {
        var parser = RESPParser(limits: limits)
        var outcome = ReplyOutcome()
        for chunk in chunks {
            parser.append(chunk)
            do {
                while let reply = try parser.next() { outcome.replies.append(reply) }
            } catch {
                outcome.error = error
                return outcome
            }
        }
        outcome.pendingBytes = parser.bufferedByteCount
        return outcome
    }

    static func parse(_ text: String, limits: RESPParser.Limits = RESPParser.Limits()) -> ReplyOutcome {
        parse([Array(text.utf8)], limits: limits)
    }

    static func parse(_ bytes: [UInt8], splitAt offset: Int) -> ReplyOutcome {
        parse([Array(bytes[..<offset]), Array(bytes[offset...])])
    }

    static func parseByteByByte(_ bytes: [UInt8]) -> ReplyOutcome {
        parse(bytes.map { [$0] })
    }
}

extension RESPValue {
    /// The value as a server would send it (null as a null bulk string), for round-trip tests.
    var encoded: [UInt8] {
        switch self {
        case .simpleString(let text): Array("+\(text)\r\n".utf8)
        case .error(let text): Array("-\(text)\r\n".utf8)
        case .integer(let value): Array(":\(value)\r\n".utf8)
        case .bulkString(let bytes): Array("$\(bytes.count)\r\n".utf8) + bytes + [13, 10]
        case .null: Array("$-1\r\n".utf8)
        case .array(let values): Array("*\(values.count)\r\n".utf8) + values.flatMap(\.encoded)
        }
    }
}
