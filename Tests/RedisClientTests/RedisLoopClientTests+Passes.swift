import Networking
import RedisClient
import Synchronization
import Testing
import TestSupport

extension RedisLoopClientTests {
    /// A batch of replies read at once is answered a share per loop pass, and what was sent in
    /// between goes out before the next share: the commands of the requests the first answers let
    /// in reach Redis while the rest of the batch is still being worked on (with Redis far away,
    /// their round trip overlaps that work instead of waiting for it).
    @Test func commandsSentBetweenSharesOfABatchGoOutBeforeTheNextShareIsAnswered() throws {
        let server = try RedisServer()
        let pool = try RedisPool(configuration: RedisConfiguration(url: server.url()))
        let loop = PollLoop()
        defer { loop.stop() }
        let client = RedisLoopClient(pool: pool, connectLane: Self.lane, answersPerPass: 2, farRoundTrip: 0)
        #expect(Self.sendAll([[RedisCommand("SET", "k", "v")]], through: client, on: loop).count == 1)

        // Six waiters parked in one pass: one write, and Redis answers them in one.
        let answered = Mutex<[Int]>([])
        let reachedThirdAnswer = EventCount()
        let checked = EventCount()
        let done = EventCount()
        loop.execute {
            for index in 0..<6 {
                _ = client.send([RedisCommand("GET", "k")], on: loop) { outcome in
                    #expect((try? outcome.get()) == [.bulkString(Array("v".utf8))])
                    answered.withLock { $0.append(index) }
                    switch index {
                    case 0:
                        // Sent while answering the first share.
                        _ = client.send([RedisCommand("RPUSH", "sent", "while-answering")], on: loop) { _ in done.record() }
                    case 1:
                        // Sent from the next pass's own work, as a newly read request would.
                        loop.execute {
                            _ = client.send([RedisCommand("RPUSH", "sent", "next-pass")], on: loop) { _ in done.record() }
                        }
                    case 2:
                        // The loop holds here while the test looks into Redis from outside.
                        reachedThirdAnswer.record()
                        _ = checked.wait(timeout: .seconds(5))
                    default:
                        break
                    }
                    done.record()
                }
            }
        }
        #expect(reachedThirdAnswer.wait(timeout: .seconds(10)))
        // Both commands were written before the third answer: Redis has them, or has them on the
        // way, and a blocking pop from outside takes each as it arrives (nil after a second). Had
        // they waited for the whole batch, neither could arrive while the loop is held here.
        var seen: [String] = []
        for _ in 0..<2 {
            let popped = try pool.send(RedisCommand("BLPOP", "sent", "1"))
            if let value = popped.array?.last?.string { seen.append(value) }
        }
        checked.record()
        #expect(seen.sorted() == ["next-pass", "while-answering"], "both commands reached Redis before the third answer")
        #expect(done.wait(for: 8, timeout: .seconds(10)))
        #expect(answered.withLock { $0 } == Array(0..<6), "answered in the order asked")
    }
}
