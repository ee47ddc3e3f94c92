import RedisClient
import TestSupport
import Synchronization
import Testing

/// Against a real redis-server (skipped with a printed reason when it is not installed, unless CI is set).
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
struct LiveRedisTests {
    static func configuration(_ url: String) throws -> RedisConfiguration {
        var configuration = try RedisConfiguration(url: url)
        configuration.connectTimeout = .seconds(5)
        configuration.replyTimeout = .seconds(5)
        return configuration
    }

    @Test func pingsAndSetsAndGets() throws {
        let server = try RedisServer()
        let connection = try RedisConnection(configuration: Self.configuration(server.url()))
        #expect(try connection.send(RedisCommand("PING")) == .simpleString("PONG"))
        #expect(try connection.send(RedisCommand("SET", "greeting", "héllo")) == .simpleString("OK"))
        #expect(try connection.send(RedisCommand("GET", "greeting")).string == "héllo")
        #expect(try connection.send(RedisCommand("GET", "missing")) == .null)
        let binary: [UInt8] = [0, 13, 10, 255, 36]
        _ = try connection.send(RedisCommand("SET", [Array("binary".utf8), binary]))
        #expect(try connection.send(RedisCommand("GET", "binary")).bytes == binary)
    }

    @Test func pipelinesAThousandCommandsAndReadsTheRepliesInOrder() throws {
        let server = try RedisServer()
        let connection = try RedisConnection(configuration: Self.configuration(server.url()))
        let sets = (0..<1000).map { RedisCommand("SET", "key:\($0)", String(repeating: "v", count: $0)) }
        #expect(try connection.pipeline(sets) == Array(repeating: .simpleString("OK"), count: 1000))
        let gets = (0..<1000).map { RedisCommand("GET", "key:\($0)") }
        let values = try connection.pipeline(gets)
        #expect(values == (0..<1000).map { .bulkString(Array(String(repeating: "v", count: $0).utf8)) })
        let increments = (0..<1000).map { _ in RedisCommand("INCR", "counter") }
        #expect(try connection.pipeline(increments) == (1...1000).map { .integer(Int64($0)) })
    }

    @Test func anErrorReplyThrowsFromSendButIsAValueInAPipeline() throws {
        let server = try RedisServer()
        let connection = try RedisConnection(configuration: Self.configuration(server.url()))
        #expect {
            try connection.send(RedisCommand("NOSUCHCOMMAND"))
        } throws: { error in
            guard let error = error as? RedisError, case .server(let message) = error else { return false }
            return error.serverErrorCode == "ERR" && message.contains("unknown command")
        }
        #expect(connection.isOpen)
        _ = try connection.send(RedisCommand("SET", "text", "x"))
        let replies = try connection.pipeline([RedisCommand("INCR", "text"), RedisCommand("GET", "text")])
        #expect(replies[0].errorMessage?.hasPrefix("ERR value is not an integer") == true)
        #expect(replies[1] == .bulkString(Array("x".utf8)))
    }

    @Test func authenticatesWithRequirepass() throws {
        let server = try RedisServer(arguments: ["--requirepass", "p@ss word"])
        let connection = try RedisConnection(configuration: Self.configuration(server.url(password: "p%40ss%20word")))
        #expect(try connection.send(RedisCommand("PING")) == .simpleString("PONG"))

        #expect {
            try RedisConnection(configuration: Self.configuration(server.url(password: "wrong")))
        } throws: { error in
            (error as? RedisError)?.serverErrorCode == "WRONGPASS"
        }
        let anonymous = try RedisConnection(configuration: Self.configuration(server.url()))
        #expect {
            try anonymous.send(RedisCommand("GET", "k"))
        } throws: { error in
            (error as? RedisError)?.serverErrorCode == "NOAUTH"
        }
    }

    @Test func authenticatesAsAnACLUser() throws {
        let server = try RedisServer()
        let admin = try RedisConnection(configuration: Self.configuration(server.url()))
        _ = try admin.send(RedisCommand("ACL", "SETUSER", "waypoint", "on", ">s3cret", "~app:*", "+@all"))
        let user = try RedisConnection(configuration: Self.configuration(server.url(user: "waypoint", password: "s3cret")))
        #expect(try user.send(RedisCommand("ACL", "WHOAMI")).string == "waypoint")
        #expect(try user.send(RedisCommand("SET", "app:1", "ok")) == .simpleString("OK"))
        // The ACL's key pattern applies: this really is the restricted user, not `default`.
        #expect { try user.send(RedisCommand("SET", "other", "no")) } throws: { error in
            (error as? RedisError)?.serverErrorCode == "NOPERM"
        }
        #expect(throws: RedisError.self) {
            try RedisConnection(configuration: Self.configuration(server.url(user: "waypoint", password: "nope")))
        }
    }

    @Test func selectsTheDatabaseOfTheURL() throws {
        let server = try RedisServer()
        let third = try RedisConnection(configuration: Self.configuration(server.url(database: 3)))
        _ = try third.send(RedisCommand("SET", "where", "db3"))
        let first = try RedisConnection(configuration: Self.configuration(server.url()))
        #expect(try first.send(RedisCommand("GET", "where")) == .null)
        _ = try first.send(RedisCommand("SELECT", "3"))
        #expect(try first.send(RedisCommand("GET", "where")).string == "db3")
        #expect(throws: RedisError.server("ERR DB index is out of range")) {
            try RedisConnection(configuration: Self.configuration(server.url(database: 99)))
        }
    }

    @Test func aReplyThatTakesTooLongTimesOut() throws {
        let server = try RedisServer()
        var configuration = try Self.configuration(server.url())
        configuration.replyTimeout = .milliseconds(150)
        let paused = try RedisConnection(configuration: configuration)
        let admin = try RedisConnection(configuration: configuration)
        _ = try admin.send(RedisCommand("CLIENT", "PAUSE", "3000", "ALL"))
        #expect(throws: RedisError.replyTimeout(command: "GET")) { try paused.send(RedisCommand("GET", "k")) }
        #expect(!paused.isOpen)
    }

    @Test func thePoolReconnectsWithBackoffAfterTheServerRestarts() throws {
        let server = try RedisServer()
        let time = ManualClock()
        var configuration = try Self.configuration(server.url())
        configuration.poolSize = 2
        configuration.initialReconnectDelay = .seconds(10)
        configuration.maximumReconnectDelay = .seconds(40)
        let pool = try RedisPool(configuration: configuration, clock: time.clock)
        #expect(try pool.send(RedisCommand("SET", "survives", "yes")) == .simpleString("OK"))

        server.kill()
        // The idle connection the dead server left is dropped before use; the new connect is refused.
        #expect(throws: RedisError.connectionRefused(host: "127.0.0.1", port: server.port)) {
            try pool.send(RedisCommand("GET", "survives"))
        }
        // Within the backoff delay no connect is tried: calls fail at once, saying why.
        #expect(throws: RedisError.backingOff(
            retryInMilliseconds: 10_000, lastFailure: .connectionRefused(host: "127.0.0.1", port: server.port))) {
            try pool.send(RedisCommand("GET", "survives"))
        }
        time.advance(by: .seconds(10))
        #expect(throws: RedisError.connectionRefused(host: "127.0.0.1", port: server.port)) {
            try pool.send(RedisCommand("GET", "survives"))
        }
        #expect(pool.backoff.currentDelay == 20_000_000_000)

        try server.start()
        #expect(throws: RedisError.self) { try pool.send(RedisCommand("GET", "survives")) }
        time.advance(by: .seconds(20))
        #expect(try pool.send(RedisCommand("GET", "survives")).string == "yes")
        #expect(pool.backoff.consecutiveFailures == 0)
    }

    @Test func thePoolSharesItsConnectionsAcrossThreads() throws {
        let server = try RedisServer()
        var configuration = try Self.configuration(server.url())
        configuration.poolSize = 3
        let pool = try RedisPool(configuration: configuration)
        let failures = Mutex<[RedisError]>([])
        // Eight worker threads, three connections: the others wait for a free one.
        ThreadGroup.run(8) { worker in
            do throws(RedisError) {
                for round in 0..<50 {
                    _ = try pool.send(RedisCommand("INCR", "shared"))
                    let replies = try pool.pipeline([RedisCommand("SET", "w\(worker)", "\(round)"), RedisCommand("GET", "w\(worker)")])
                    if replies[1].string != "\(round)" { failures.withLock { $0.append(.server("out of step")) } }
                }
            } catch {
                failures.withLock { $0.append(error) }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try pool.send(RedisCommand("GET", "shared")).string == "400")
        let clients = try pool.send(RedisCommand("CLIENT", "LIST")).string ?? ""
        #expect(clients.split(separator: "\n").count <= 3)
    }

    @Test func aBusyPoolTimesOutTheCheckout() throws {
        let server = try RedisServer()
        var configuration = try Self.configuration(server.url())
        configuration.poolSize = 1
        configuration.checkoutTimeout = .milliseconds(50)
        let pool = try RedisPool(configuration: configuration)
        try pool.withConnection { connection throws(RedisError) in
            _ = try connection.send(RedisCommand("PING"))
            #expect(throws: RedisError.poolTimeout) { try pool.send(RedisCommand("PING")) }
        }
        #expect(try pool.send(RedisCommand("PING")) == .simpleString("PONG"))
    }

    @Test func theCallbackAPIRunsOnTheGivenExecutor() async throws {
        let server = try RedisServer()
        let pool = try RedisPool(configuration: Self.configuration(server.url()))
        let reply = await withCheckedContinuation { continuation in
            pool.send(RedisCommand("ECHO", "from a worker"), on: { job in Task.detached { job() } }) { result in
                continuation.resume(returning: result)
            }
        }
        #expect(try reply.get().string == "from a worker")
    }

    @Test func aClosedPoolRefusesCalls() throws {
        let server = try RedisServer()
        let pool = try RedisPool(configuration: Self.configuration(server.url()))
        _ = try pool.send(RedisCommand("PING"))
        pool.close()
        #expect(throws: RedisError.poolClosed) { try pool.send(RedisCommand("PING")) }
    }
}
