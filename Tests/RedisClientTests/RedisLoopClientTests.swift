import Glibc
import Networking
import RedisClient
import Synchronization
import Testing
import TestSupport

/// The event loop's pipelined Redis connection, against a real redis-server: many requests'
/// commands in flight on one connection, replies handed back in order, TLS and AUTH, and a reply
/// that does not come failing every waiter within the timeout.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
struct RedisLoopClientTests {
    typealias Outcome = Result<[RESPValue], RedisError>

    /// A lane for connects: a thread per connect is plenty for a test.
    static let lane: @Sendable (@escaping @Sendable () -> Void) -> Void = { job in
        ThreadGroup.detach(job)
    }

    /// Sends every batch from the loop, back to back (retrying while the loop's connection is
    /// being made), and waits for all the outcomes, in the order they were delivered.
    static func sendAll(_ batches: [[RedisCommand]], through client: RedisLoopClient, on loop: PollLoop) -> [(Int, Outcome)] {
        let outcomes = Mutex<[(Int, Outcome)]>([])
        let delivered = EventCount()
        @Sendable func attempt() {
            let sent = client.send([RedisCommand("PING")], on: loop) { _ in }
            guard sent else {
                usleep(2000)
                loop.execute(attempt)
                return
            }
            for (index, batch) in batches.enumerated() {
                _ = client.send(batch, on: loop) { outcome in
                    outcomes.withLock { $0.append((index, outcome)) }
                    delivered.record()
                }
            }
        }
        loop.execute(attempt)
        _ = delivered.wait(for: batches.count, timeout: .seconds(10))
        return outcomes.withLock { $0 }
    }

    @Test func manyRequestsPipelinedOnOneTLSConnectionGetTheirOwnRepliesInOrder() throws {
        let authority = try TestCertificateAuthority()
        let server = try RedisServer(arguments: ["--requirepass", "tls-secret"], tls: .init(
            certificatePath: authority.certificatePath, keyPath: authority.keyPath, caPath: authority.caPath))
        var configuration = try RedisConfiguration(url: server.url(password: "tls-secret"))
        configuration.caFilePath = authority.caPath
        let pool = try RedisPool(configuration: configuration)
        let loop = PollLoop()
        defer { loop.stop() }
        let client = RedisLoopClient(pool: pool, connectLane: Self.lane)
        // Values up to 30 KB: replies span TLS records and reads.
        let values = (0..<200).map { String(repeating: Character(UnicodeScalar(65 + $0 % 26)!), count: $0 * 150) }
        let batches = values.enumerated().map { index, value in
            [RedisCommand("SET", "k\(index)", value), RedisCommand("GET", "k\(index)")]
        }
        let outcomes = Self.sendAll(batches, through: client, on: loop)
        #expect(outcomes.map(\.0) == Array(0..<200), "answered in the order asked")
        for (index, outcome) in outcomes {
            let replies = try outcome.get()
            #expect(replies == [.simpleString("OK"), .bulkString(Array(values[index].utf8))])
        }
        #expect(client.readyConnections == 1)
        #expect(client.roundTrips == 201)
    }

    @Test func aReplyThatDoesNotComeFailsEveryWaiterWithinTheTimeout() throws {
        let server = try RedisServer()
        var configuration = try RedisConfiguration(url: server.url())
        configuration.replyTimeout = .milliseconds(200)
        configuration.initialReconnectDelay = .milliseconds(10)
        configuration.maximumReconnectDelay = .milliseconds(10)
        let pool = try RedisPool(configuration: configuration)
        let loop = PollLoop()
        defer { loop.stop() }
        let client = RedisLoopClient(pool: pool, connectLane: Self.lane)
        #expect(Self.sendAll([[RedisCommand("SET", "k", "v")]], through: client, on: loop).count == 1)

        server.pause()
        defer { server.resume() }
        let started = RedisClock.system.now()
        let failed = Mutex<[Outcome]>([])
        let answered = EventCount()
        loop.execute {
            for _ in 0..<5 {
                _ = client.send([RedisCommand("GET", "k")], on: loop) { outcome in
                    failed.withLock { $0.append(outcome) }
                    answered.record()
                }
            }
        }
        _ = answered.wait(for: 5, timeout: .seconds(3))
        let elapsed = Double(RedisClock.system.now() - started) / 1e9
        let outcomes = failed.withLock { $0 }
        #expect(outcomes.count == 5)
        for outcome in outcomes {
            guard case .failure(.replyTimeout) = outcome else {
                Issue.record("expected a reply timeout, got \(outcome)")
                continue
            }
        }
        #expect(elapsed < 0.2 + 0.5, "failed after \(elapsed) s")
        #expect(pool.isFailing)
        #expect(client.readyConnections == 0)

        server.resume()
        let again = Self.sendAll([[RedisCommand("GET", "k")]], through: client, on: loop)
        #expect(try again.first?.1.get() == [.bulkString(Array("v".utf8))])
        #expect(!pool.isFailing)
    }
}
