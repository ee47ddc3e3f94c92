import RedisClient
import TestSupport
import Testing

/// However the network slices a reply stream, the parser must see the same replies.
@Suite struct RESPParserSplitTests {
    static let streams: [String] = [
        "+OK\r\n",
        "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
        ":-1234567890\r\n",
        "$12\r\nhello\r\nworld\r\n",
        "$0\r\n\r\n",
        "$-1\r\n",
        "*-1\r\n",
        "*0\r\n",
        "*5\r\n$3\r\nfoo\r\n$-1\r\n:42\r\n+OK\r\n-ERR no\r\n",
        "*3\r\n*2\r\n$1\r\na\r\n*0\r\n*1\r\n*1\r\n:1\r\n$2\r\nzz\r\n",
        // a pipeline's worth of replies of every kind, back to back
        "+PONG\r\n:1\r\n$5\r\nvalue\r\n$-1\r\n*2\r\n$1\r\nk\r\n$1\r\nv\r\n-ERR unknown command\r\n*-1\r\n*0\r\n:0\r\n",
    ]

    @Test(arguments: streams)
    func everySplitGivesTheSameReplies(input: String) {
        let bytes = Array(input.utf8)
        let whole = ReplyHarness.parse([bytes])
        #expect(whole.error == nil)
        #expect(!whole.replies.isEmpty)
        #expect(whole.pendingBytes == 0)
        for offset in 0...bytes.count {
            #expect(ReplyHarness.parse(bytes, splitAt: offset) == whole, "split at \(offset)")
        }
        #expect(ReplyHarness.parseByteByByte(bytes) == whole, "byte by byte")
    }

    @Test(arguments: streams)
    func everyPairOfSplitsGivesTheSameReplies(input: String) {
        let bytes = Array(input.utf8)
        let whole = ReplyHarness.parse([bytes])
        for first in 0...bytes.count {
            for second in stride(from: first, through: bytes.count, by: 3) {
                let chunks = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                #expect(ReplyHarness.parse(chunks) == whole, "split at \(first) and \(second)")
            }
        }
    }

    @Test(arguments: [
        "$3\r\nabcX\r\n",
        "*2\r\n:1\r\n?\r\n",
        "+OK\r\n:12a\r\n",
    ])
    func aMalformedStreamFailsTheSameWayWhateverTheSplit(input: String) {
        let bytes = Array(input.utf8)
        let whole = ReplyHarness.parse([bytes])
        #expect(whole.error != nil)
        for offset in 0...bytes.count {
            #expect(ReplyHarness.parse(bytes, splitAt: offset).error == whole.error, "split at \(offset)")
        }
        #expect(ReplyHarness.parseByteByByte(bytes).error == whole.error)
    }

    @Test func generatedRepliesRoundTripAtEverySplit() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            let value = generator.value(depth: 3)
            let bytes = value.encoded
            for offset in 0...bytes.count {
                #expect(ReplyHarness.parse(bytes, splitAt: offset).replies == [value], "split at \(offset) of \(value)")
            }
        }
    }
}

/// Random reply values, the same on every run.
extension SeededGenerator {
    mutating func value(depth: Int) -> RESPValue {
        switch next() % (depth > 0 ? 6 : 5) {
        case 0: return .simpleString(String(repeating: "s", count: Int(next() % 5)))
        case 1: return .error("ERR " + String(repeating: "e", count: Int(next() % 5)))
        case 2: return .integer(Int64(bitPattern: next()) >> Int64(next() % 64))
        case 3: return .bulkString((0..<(next() % 6)).map { _ in UInt8(truncatingIfNeeded: next()) })
        case 4: return .null
        default: return .array((0..<(next() % 4)).map { _ in value(depth: depth - 1) })
        }
    }
}
