import RedisClient
import Testing
import TestSupport
@testable import Web

extension TestApp {
    /// For counting what requests ask Redis: no periodic work reading Redis from a worker (saves,
    /// the mail sweep, the data check) and no live-events subscriber.
    static var quietRedisOptions: Application.Options {
        var options = TestApp.defaultOptions
        (options.saveInterval, options.mailSweepInterval) = (.seconds(3600), .seconds(3600))
        (options.sharedDataCheckInterval, options.sharesLiveEvents) = (.seconds(3600), false)
        return options
    }

    /// Waits for the app's loop to have its Redis connection (the client says when it is ready),
    /// and returns that client.
    func loopConnected() throws -> RedisLoopClient {
        let client = try #require(application.responder.loopRedis)
        let ready = EventCount()
        client.observeReady { ready.record() }
        if client.readyConnections == 0 {
            // A 404 asks Redis too (which starts the loop's connection), and starts no visitor
            // session (admission stays untouched).
            _ = try? self.client().get("/no-such-page")
            #expect(ready.wait(for: 1, timeout: .seconds(5)))
        }
        #expect(client.readyConnections == 1)
        return client
    }
}
