import RedisClient
import Testing

@Suite struct RESPEncoderTests {
    @Test func encodesACommandAsAnArrayOfBulkStrings() {
        #expect(String(decoding: RESPEncoder.encode(["SET", "key", "value"]), as: UTF8.self)
            == "*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$5\r\nvalue\r\n")
        #expect(String(decoding: RESPEncoder.encode(["GET", ""]), as: UTF8.self) == "*2\r\n$3\r\nGET\r\n$0\r\n\r\n")
    }

    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65_536, 1_000_000])
    func writesEveryLengthInDecimal(length: Int) {
        let encoded = String(decoding: RESPEncoder.encode([[UInt8](repeating: 120, count: length)]), as: UTF8.self)
        #expect(encoded == "*1\r\n$\(length)\r\n" + String(repeating: "x", count: length) + "\r\n")
    }

    @Test func countsBytesNotCharacters() {
        #expect(String(decoding: RESPEncoder.encode(["ECHO", "é✓"]), as: UTF8.self) == "*2\r\n$4\r\nECHO\r\n$5\r\né✓\r\n")
    }

    @Test func binaryArgumentsRoundTripThroughTheParser() throws {
        let arguments: [[UInt8]] = [Array("SET".utf8), [0, 13, 10, 255], Array(repeating: 42, count: 70_000)]
        var parser = RESPParser()
        parser.append(RESPEncoder.encode(arguments))
        #expect(try parser.next() == .array(arguments.map { .bulkString($0) }))
    }

    @Test func commandsNameThemselvesWithoutTheirArguments() {
        let command = RedisCommand("auth", "alice", "secret")
        #expect(command.name == "AUTH")
        #expect(!command.description.contains("secret"))
        #expect(RedisCommand(["GET", "k"]) == RedisCommand("GET", "k"))
        #expect(RedisCommand("SET", [Array("k".utf8), [0, 1]]).arguments == [Array("SET".utf8), Array("k".utf8), [0, 1]])
    }
}
