import RedisClient
import Testing

/// How a connection fails against servers that misbehave: no redis-server needed.
@Suite struct ConnectionFailureTests {
    static func configuration(port: Int, password: String? = nil, tls: Bool = false) -> RedisConfiguration {
        RedisConfiguration(host: "127.0.0.1", port: port, password: password, usesTLS: tls,
                           connectTimeout: .milliseconds(200), replyTimeout: .milliseconds(200))
    }

    @Test func nothingListeningIsConnectionRefused() throws {
        let port = FakeRedis().port  // bound, then closed again
        #expect(throws: RedisError.connectionRefused(host: "127.0.0.1", port: port)) {
            try RedisConnection(configuration: Self.configuration(port: port))
        }
    }

    @Test func anUnknownHostIsReportedAsUnresolved() {
        var configuration = Self.configuration(port: 6379)
        configuration.host = "no-such-host.invalid"
        #expect {
            try RedisConnection(configuration: configuration)
        } throws: { error in
            guard case .unresolvedHost(let host, _) = error as? RedisError else { return false }
            return host == "no-such-host.invalid"
        }
    }

    @Test func aServerThatNeverAnswersAuthTimesOutTheConnect() {
        let server = FakeRedis()
        #expect(throws: RedisError.connectTimeout(host: "127.0.0.1", port: server.port)) {
            try RedisConnection(configuration: Self.configuration(port: server.port, password: "secret"))
        }
    }

    @Test func aServerThatNeverCompletesTheTLSHandshakeTimesOutTheConnect() {
        let server = FakeRedis()
        #expect(throws: RedisError.connectTimeout(host: "127.0.0.1", port: server.port)) {
            try RedisConnection(configuration: Self.configuration(port: server.port, tls: true))
        }
    }

    @Test func aServerThatNeverRepliesTimesOutTheReplyAndClosesTheConnection() throws {
        let server = FakeRedis()
        let connection = try RedisConnection(configuration: Self.configuration(port: server.port))
        #expect(throws: RedisError.replyTimeout(command: "GET")) { try connection.send(RedisCommand("GET", "k")) }
        #expect(!connection.isOpen)
        #expect(throws: RedisError.connectionClosed) { try connection.send(RedisCommand("PING")) }
    }

    @Test func garbageFromTheServerIsAProtocolError() throws {
        let server = FakeRedis()
        let connection = try RedisConnection(configuration: Self.configuration(port: server.port))
        server.acceptAndSend("%1\r\n")
        #expect(throws: RedisError.protocolError(.unknownType(UInt8(ascii: "%")))) { try connection.send(RedisCommand("PING")) }
        #expect(!connection.isOpen)
    }

    @Test func aServerHangingUpMidReplyIsConnectionClosed() throws {
        let server = FakeRedis()
        let connection = try RedisConnection(configuration: Self.configuration(port: server.port))
        server.acceptAndSend("$10\r\nhal", thenClose: true)
        #expect(throws: RedisError.connectionClosed) { try connection.send(RedisCommand("GET", "k")) }
        #expect(!connection.isOpen)
    }

    @Test func anUnaskedForReplyClosesTheConnectionAfterTheAnswer() throws {
        let server = FakeRedis()
        let connection = try RedisConnection(configuration: Self.configuration(port: server.port))
        server.acceptAndSend("+PONG\r\n+EXTRA\r\n")
        #expect(try connection.send(RedisCommand("PING")) == .simpleString("PONG"))
        #expect(!connection.isOpen)
    }

    @Test func anIdleConnectionTheServerClosedIsNotUsable() throws {
        let server = FakeRedis()
        let connection = try RedisConnection(configuration: Self.configuration(port: server.port))
        #expect(connection.isUsableWhenIdle)
        server.acceptAndClose()
        #expect(!connection.isUsableWhenIdle)
        #expect(!connection.isOpen)
    }

    @Test func anUnreadableCAFileIsATLSSetupError() {
        var configuration = Self.configuration(port: 1, tls: true)
        configuration.caFilePath = "/nonexistent/ca.pem"
        #expect {
            try RedisPool(configuration: configuration)
        } throws: { error in
            guard case .tlsSetup(let detail) = error as? RedisError else { return false }
            return detail.contains("/nonexistent/ca.pem")
        }
    }
}
