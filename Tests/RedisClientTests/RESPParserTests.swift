import RedisClient
import Testing

@Suite struct RESPParserTests {
    @Test(arguments: [
        ("+OK\r\n", RESPValue.simpleString("OK")),
        ("+\r\n", .simpleString("")),
        ("-ERR unknown command 'FOO'\r\n", .error("ERR unknown command 'FOO'")),
        (":0\r\n", .integer(0)),
        (":-42\r\n", .integer(-42)),
        (":9223372036854775807\r\n", .integer(.max)),
        (":-9223372036854775807\r\n", .integer(-.max)),
        ("$5\r\nhello\r\n", .bulkString(Array("hello".utf8))),
        ("$0\r\n\r\n", .bulkString([])),
        ("$4\r\na\r\nb\r\n", .bulkString(Array("a\r\nb".utf8))),
        ("$-1\r\n", .null),
        ("*-1\r\n", .null),
        ("*0\r\n", .array([])),
        ("*3\r\n:1\r\n$-1\r\n+x\r\n", .array([.integer(1), .null, .simpleString("x")])),
        ("*2\r\n*2\r\n:1\r\n*0\r\n*1\r\n-E\r\n", .array([.array([.integer(1), .array([])]), .array([.error("E")])])),
    ])
    func readsEachReplyType(input: String, expected: RESPValue) {
        let outcome = ReplyHarness.parse(input)
        #expect(outcome == ReplyOutcome(replies: [expected]))
    }

    @Test func bulkStringsAreBinarySafe() {
        let payload: [UInt8] = [0, 255, 13, 10, 36, 42, 0xC3]
        let outcome = ReplyHarness.parse([Array("$7\r\n".utf8) + payload + [13, 10]])
        #expect(outcome.replies == [.bulkString(payload)])
    }

    @Test func readsPipelinedRepliesInOrderAndKeepsAPartialOne() throws {
        let outcome = ReplyHarness.parse("+OK\r\n:1\r\n$3\r\nabc\r\n*2\r\n:1\r\n")
        #expect(outcome.replies == [.simpleString("OK"), .integer(1), .bulkString(Array("abc".utf8))])
        #expect(outcome.error == nil)
        #expect(outcome.pendingBytes == 0)  // the array header and its first element are parsed, held on the stack
        var parser = RESPParser()
        parser.append(Array("*2\r\n:1\r\n".utf8))
        #expect(try parser.next() == nil)
        #expect(!parser.isIdle)
        parser.append(Array(":2\r\n".utf8))
        #expect(try parser.next() == .array([.integer(1), .integer(2)]))
        #expect(parser.isIdle)
    }

    @Test(arguments: [
        ("?1\r\n", RESPParseError.unknownType(UInt8(ascii: "?"))),
        ("\r\n", .unknownType(13)),
        ("+OK\n", .badLineEnding),
        ("+OK\rX\r\n", .badLineEnding),
        ("$3\r\nabcd\r\n", .badLineEnding),
        (":\r\n", .badNumber("")),
        (":-\r\n", .badNumber("-")),
        (":+1\r\n", .badNumber("+1")),
        (": 1\r\n", .badNumber(" 1")),
        (":1.5\r\n", .badNumber("1.5")),
        (":9223372036854775808\r\n", .badNumber("9223372036854775808")),
        (":12345678901234567890\r\n", .badNumber("12345678901234567890")),
        ("$x\r\n", .badNumber("x")),
        ("$-2\r\n", .negativeLength(-2)),
        ("*-5\r\n", .negativeLength(-5)),
    ])
    func refusesMalformedReplies(input: String, expected: RESPParseError) {
        #expect(ReplyHarness.parse(input).error == expected)
    }

    @Test func aBrokenStreamStaysBroken() {
        var parser = RESPParser()
        parser.append(Array("!\r\n".utf8))
        #expect(throws: RESPParseError.unknownType(UInt8(ascii: "!"))) { try parser.next() }
        parser.append(Array("+OK\r\n".utf8))
        #expect(throws: RESPParseError.unknownType(UInt8(ascii: "!"))) { try parser.next() }
    }

    @Test func enforcesTheBulkLengthLimitFromTheHeaderAlone() {
        let limits = RESPParser.Limits(maximumBulkLength: 4)
        #expect(ReplyHarness.parse("$4\r\nabcd\r\n", limits: limits).replies == [.bulkString(Array("abcd".utf8))])
        // Refused on the header: the 5 GB body never has to arrive, nor be buffered.
        #expect(ReplyHarness.parse("$5000000000\r\n", limits: limits).error == .bulkStringTooLong(length: 5_000_000_000, limit: 4))
    }

    @Test func enforcesTheArrayCountLimitFromTheHeaderAlone() {
        let limits = RESPParser.Limits(maximumArrayCount: 2)
        #expect(ReplyHarness.parse("*2\r\n:1\r\n:2\r\n", limits: limits).replies == [.array([.integer(1), .integer(2)])])
        #expect(ReplyHarness.parse("*3\r\n", limits: limits).error == .arrayTooLarge(count: 3, limit: 2))
        #expect(ReplyHarness.parse("*1\r\n*3\r\n", limits: limits).error == .arrayTooLarge(count: 3, limit: 2))
    }

    @Test func enforcesTheNestingLimit() {
        let limits = RESPParser.Limits(maximumNesting: 3)
        #expect(ReplyHarness.parse("*1\r\n*1\r\n*1\r\n:1\r\n", limits: limits).replies == [.array([.array([.array([.integer(1)])])])])
        #expect(ReplyHarness.parse("*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n", limits: limits).error == .nestingTooDeep(limit: 3))
        // Empty arrays hold no elements, so they need no stack frame.
        #expect(ReplyHarness.parse("*1\r\n*1\r\n*1\r\n*0\r\n", limits: limits).error == nil)
    }

    @Test func deepNestingWithinTheLimitNeedsNoRecursion() {
        let depth = 10_000
        let input = String(repeating: "*1\r\n", count: depth) + ":7\r\n"
        let outcome = ReplyHarness.parse(input, limits: RESPParser.Limits(maximumNesting: depth))
        #expect(outcome.error == nil)
        #expect(outcome.replies.count == 1)
    }

    @Test func enforcesTheLineLengthLimitBeforeTheLineEnds() {
        let limits = RESPParser.Limits(maximumLineLength: 8)
        #expect(ReplyHarness.parse("+12345678\r\n", limits: limits).replies == [.simpleString("12345678")])
        #expect(ReplyHarness.parse("+123456789\r\n", limits: limits).error == .lineTooLong(limit: 8))
        // Without any line end yet: refused as soon as the line is too long, not buffered forever.
        #expect(ReplyHarness.parse("-" + String(repeating: "x", count: 100), limits: limits).error == .lineTooLong(limit: 8))
    }

    @Test func aHugeDeclaredArrayAllocatesOnlyAsElementsArrive() throws {
        var parser = RESPParser()
        parser.append(Array("*4000000\r\n:1\r\n".utf8))
        #expect(try parser.next() == nil)
    }

    @Test func manySmallRepliesKeepTheBufferSmall() throws {
        var parser = RESPParser()
        for round in 0..<10_000 {
            parser.append(Array(":\(round)\r\n+".utf8))
            #expect(try parser.next() == .integer(Int64(round)))
            parser.append(Array("OK\r\n".utf8))
            #expect(try parser.next() == .simpleString("OK"))
        }
        #expect(parser.bufferedByteCount == 0)
    }
}
