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

    /// Sends every batch from the loop, back to back, and waits for all the outcomes, in the order
    /// they were delivered. Sent before the loop's connection is made: they wait for it.
    static func sendAll(_ batches: [[RedisCommand]], through client: RedisLoopClient, on loop: PollLoop) -> [(Int, Outcome)] {
        let outcomes = Mutex<[(Int, Outcome)]>([])
        let delivered = EventCount()
        loop.execute {
            for (index, batch) in batches.enumerated() {
                let sent = client.send(batch, on: loop) { outcome in
                    outcomes.withLock { $0.append((index, outcome)) }
                    delivered.record()
                }
                #expect(sent, "a send waits for the loop's connection, not refused")
            }
        }
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
        #expect(client.roundTrips == 200)
    }

    @Test func aReplyThatDoesNotComeFailsEveryWaiterWithinTheTimeout() throws {
        let server = try RedisServer()
        var configuration = try RedisConfiguration(url: server.url())
        configuration.replyTimeout = .milliseconds(200)
        // No backoff: what is checked is the timeout and the recovery, so the send after the
        // resume may connect at once instead of waiting out a delay.
        configuration.initialReconnectDelay = .zero
        configuration.maximumReconnectDelay = .zero
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

    /// A client whose connects wait until `gate` opens: sends made meanwhile find no connection yet.
    static func client(of pool: RedisPool, connectingAfter gate: Gate) -> RedisLoopClient {
        RedisLoopClient(pool: pool) { job in
            ThreadGroup.detach {
                gate.hold()
                job()
            }
        }
    }

    @Test func sendsMadeWhileTheConnectionIsBeingMadeWaitForItInOrder() throws {
        let server = try RedisServer()
        let pool = try RedisPool(configuration: try RedisConfiguration(url: server.url()))
        let loop = PollLoop()
        defer { loop.stop() }
        // The connect is held until the test lets it go: every send below finds no connection yet
        // (and the connection is installed by a loop task, after the one that sends them all).
        let connect = Gate()
        let client = Self.client(of: pool, connectingAfter: connect)
        let outcomes = Mutex<[(Int, Outcome)]>([])
        let delivered = EventCount()
        let refused = Mutex(0)
        loop.execute {
            for index in 0..<20 {
                let sent = client.send([RedisCommand("INCR", "n")], on: loop) { outcome in
                    outcomes.withLock { $0.append((index, outcome)) }
                    delivered.record()
                }
                if !sent { refused.withLock { $0 += 1 } }
            }
        }
        #expect(connect.waitForHolders(1, timeout: .seconds(5)))
        #expect(client.readyConnections == 0)
        #expect(outcomes.withLock { $0.isEmpty }, "nothing answered before the connection is made")
        connect.open()
        #expect(delivered.wait(for: 20, timeout: .seconds(5)))
        #expect(refused.withLock { $0 } == 0)
        let answered = outcomes.withLock { $0 }
        #expect(answered.map(\.0) == Array(0..<20), "answered in the order asked")
        #expect(try answered.map { try $0.1.get() } == (1...20).map { [RESPValue.integer($0)] })
        #expect(pool.roundTrips == 0, "no blocking round trip")
    }

    @Test func sendsWaitingForAConnectThatFailsGetItsError() throws {
        let refusing = LoopbackPort.Refusing()
        defer { withExtendedLifetime(refusing) {} }
        var configuration = try RedisConfiguration(url: "redis://127.0.0.1:\(refusing.port)")
        configuration.connectTimeout = .milliseconds(500)
        let pool = try RedisPool(configuration: configuration)
        let loop = PollLoop()
        defer { loop.stop() }
        // The connect is held until all three sends are made, so each of them waits for it (a
        // connect refused sooner would leave the later sends the pool's backoff instead).
        let connect = Gate()
        let client = Self.client(of: pool, connectingAfter: connect)
        let outcomes = Mutex<[Outcome]>([])
        let delivered = EventCount()
        let sentAll = EventCount()
        loop.execute {
            for _ in 0..<3 {
                _ = client.send([RedisCommand("PING")], on: loop) { outcome in
                    outcomes.withLock { $0.append(outcome) }
                    delivered.record()
                }
            }
            sentAll.record()
        }
        #expect(sentAll.wait(for: 1, timeout: .seconds(5)))
        connect.open()
        #expect(delivered.wait(for: 3, timeout: .seconds(3)))
        for outcome in outcomes.withLock({ $0 }) {
            guard case .failure(let error) = outcome, error.isConnectionFailure else {
                Issue.record("expected the connect's failure, got \(outcome)")
                continue
            }
        }
        #expect(client.readyConnections == 0)
    }
}
