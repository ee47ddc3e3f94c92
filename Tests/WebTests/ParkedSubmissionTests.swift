import Foundation
import Models
import RedisClient
@testable import Services
import Testing
import TestSupport
import ViewModels
@testable import Web

/// On Redis, a library form's write parks on its event loop's Redis connection: it is served while
/// every worker is held by another job, costs the blocking pool no round trip, is seen by the other
/// instance, still counts a resent form once, and answers 503 when its write gets no reply in time.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class ParkedSubmissionTests {
    let apps: RedisTestApps

    init() throws {
        apps = try RedisTestApps()
    }

    static var quietOptions: Application.Options { TestApp.quietRedisOptions }

    /// Signs in on `app` and waits for its loop's Redis connection.
    func signedIn(on app: TestApp) throws -> WebClient {
        let client = try #require(app.application.responder.loopRedis)
        let ready = EventCount()
        client.observeReady { ready.record() }
        let browser = app.client()
        try browser.signIn()
        if client.readyConnections == 0 {
            #expect(try browser.get("/library/category-3").status == 200)
            #expect(ready.wait(for: 1, timeout: .seconds(5)))
        }
        #expect(client.readyConnections == 1)
        return browser
    }

    /// An instance whose Redis replies time out after 300 ms and that reconnects at once, for the
    /// tests that make Redis hold its writes (`pausingWrites`).
    func impatientInstance() throws -> TestApp {
        var redis = try RedisConfiguration(url: apps.server.url())
        redis.replyTimeout = .milliseconds(300)
        (redis.initialReconnectDelay, redis.maximumReconnectDelay) = (.zero, .zero)
        return try TestApp(options: Self.quietOptions, redis: redis)
    }

    /// Runs `body` while Redis answers reads but holds every write (`CLIENT PAUSE … WRITE`).
    func pausingWrites<Value>(_ body: () throws -> Value) throws -> Value {
        let admin = try RedisConnection(configuration: RedisConfiguration(url: apps.server.url()))
        defer { admin.close() }
        _ = try admin.send(RedisCommand("CLIENT", "PAUSE", "5000", "WRITE"))
        defer { _ = try? admin.send(RedisCommand("CLIENT", "UNPAUSE")) }
        return try body()
    }

    /// Holds every worker of `app` with a job of the test's own until the returned call lets them go.
    func occupyWorkers(of app: TestApp) -> @Sendable () -> Void {
        let threads = app.options.workerThreads
        let held = DispatchSemaphore(value: 0)
        let started = EventCount()
        for _ in 0..<threads {
            app.application.responder.pool.submit {
                started.record()
                held.wait()
            }
        }
        #expect(started.wait(for: threads, timeout: .seconds(5)))
        return { for _ in 0..<threads { held.signal() } }
    }

    @Test func everyLibraryWriteIsServedWhileEveryWorkerIsBusyAndSeenOnTheOtherInstance() throws {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let browser = try signedIn(on: first)
        let pool = try #require(first.application.services.redisStore?.pool)
        let release = occupyWorkers(of: first)
        defer { release() }
        let before = pool.roundTrips

        let added = try browser.submit("/library/category-3/items/new", form: [("title", "Parked item"), ("subtitle", "")])
        #expect(added.status == 303)
        let item = try #require(added.location)
        #expect(try browser.get(item).text.contains("Parked item"))
        let edited = try browser.submit(item + "/options", form: [("intent", "edit"), ("title", "Parked edit"), ("subtitle", "s")])
        #expect(edited.status == 303)
        let favourite = try browser.submit(item + "/options", form: [("intent", "favourite")])
        #expect(favourite.status == 303)
        #expect(pool.roundTrips == before, "no write went through the blocking pool")

        let id = try #require(Int(item.split(separator: "/").last.map(String.init) ?? ""))
        let seen = try second.client().get("/library/category-3/items/\(id)")
        #expect(seen.text.contains("Parked edit"))
        #expect(second.application.services.catalog.item(ItemID(id))?.isFavourite == true)

        let settings = try browser.submit("/library/settings", form: [("displayName", "Parked Name"), ("theme", "dark")])
        #expect(settings.status == 303)
        let elsewhere = second.client()
        try elsewhere.signIn()
        #expect(try elsewhere.get("/library/settings").text.contains(#"value="Parked Name""#))

        let deleted = try browser.submit(item + "/delete", form: [])
        #expect(deleted.status == 303)
        #expect(deleted.location?.hasPrefix("/library/category-3") == true)
        #expect(try second.client().get("/library/category-3/items/\(id)").status == 404)
        #expect(pool.roundTrips == before)
    }

    @Test func aResentFormIsCountedOnceWhileEveryWorkerIsBusy() throws {
        let app = try apps.instance(options: Self.quietOptions)
        let browser = try signedIn(on: app)
        let token = try #require(try browser.get("/library/category-3/items/new").csrfToken)
        let release = occupyWorkers(of: app)
        defer { release() }
        let body = [("csrfToken", token), ("title", "Sent twice"), ("subtitle", "")]
        let sent = try browser.post("/library/category-3/items/new", form: body)
        let resent = try browser.post("/library/category-3/items/new", form: body)
        #expect(sent.status == 303)
        #expect(resent.status == 303)
        #expect(resent.location == sent.location)
        #expect(app.application.services.catalog.items(in: CategoryID("category-3")).filter { $0.title == "Sent twice" }.count == 1)
    }

    @Test func aWriteRedisDoesNotAnswerIs503WithinTheReplyTimeoutWhileEveryWorkerIsBusy() throws {
        let app = try impatientInstance()
        let browser = try signedIn(on: app)
        let token = try #require(try browser.get("/library/category-3/items/new").csrfToken)
        let release = occupyWorkers(of: app)
        defer { release() }
        // Reads are answered (the request's questions), writes wait: Redis hangs on the write itself.
        let start = Date()
        let answer = try pausingWrites {
            try browser.post("/library/category-3/items/new", form: [("csrfToken", token), ("title", "Hung"), ("subtitle", "")])
        }
        let seconds = Date().timeIntervalSince(start)
        #expect(answer.status == 503)
        #expect(answer.header("Retry-After") == "2")
        // The reply timeout, a sweep of the loop (250 ms) and slack for a loaded machine.
        #expect(seconds < 1.5)
        // Redis answers again: the next form is served, without a restart.
        release()
        let again = try browser.post("/library/category-3/items/new", form: [("csrfToken", token), ("title", "Served"), ("subtitle", "")])
        #expect(again.status == 303)
    }

    @Test func signingOutWhileEveryWorkerIsBusyEndsTheSessionOnTheOtherInstanceAndKeepsTheTabs() throws {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let browser = try signedIn(on: first)
        let page = try browser.get("/flow/secondary1")
        let cookie = try #require(browser.sessionCookie)
        let pool = try #require(first.application.services.redisStore?.pool)
        let release = occupyWorkers(of: first)
        defer { release() }
        let before = pool.roundTrips
        let logout = try browser.post("/logout", form: [("csrfToken", try #require(page.csrfToken))])
        #expect(logout.status == 303)
        #expect(browser.sessionCookie != cookie, "a new id for the visitor")
        #expect(pool.roundTrips == before, "the new id and the tabs were written on the loop")
        let replay = second.client()
        replay.sessionCookie = cookie
        #expect(!(try replay.get("/library/category-1").text.contains("Signed in as")))
        // The tabs as left are what the next sign-in, on any instance, brings back.
        let again = second.client()
        try again.signIn()
        #expect(try again.get("/library/category-1").text.contains("href=\"/flow/secondary1\""))
    }

    @Test func aSignInCostsTheBlockingPoolNoRoundTripItsThrottlesAndSessionParkOnTheLoop() throws {
        let app = try apps.instance(options: Self.quietOptions)
        _ = try signedIn(on: app)
        let pool = try #require(app.application.services.redisStore?.pool)
        func blockingRoundTrips(username: String, password: String) throws -> (status: Int, roundTrips: Int) {
            let browser = app.client()
            let token = try #require(try browser.get("/login").csrfToken)
            let before = pool.roundTrips
            let answer = try browser.post("/login", form: [("csrfToken", token), ("username", username), ("password", password)])
            return (answer.status, pool.roundTrips - before)
        }
        // The throttles are read and counted on the loop; only the hash runs on the hashing lane.
        let refused = try blockingRoundTrips(username: "demo", password: "wrong-password")
        let signedIn = try blockingRoundTrips(username: "demo", password: "demo-password")
        #expect(refused.status == 422)
        #expect(signedIn.status == 303)
        #expect(refused.roundTrips == 0, "the throttles were checked and the failure counted on the loop")
        #expect(signedIn.roundTrips == 0, "the throttles, the saved tabs and the new id went through the loop")
    }

    @Test func wrongPasswordsCountedOnTheLoopAre429OnEveryInstanceWhileEveryWorkerIsBusy() throws {
        var options = Self.quietOptions
        options.loginThrottle = .init(maxFailuresPerAccountAndAddress: 3, maxFailuresPerAddress: 100, window: 60)
        let (first, second) = (try apps.instance(options: options), try apps.instance(options: options))
        _ = try signedIn(on: first)
        let pool = try #require(first.application.services.redisStore?.pool)
        let browser = first.client()
        let token = try #require(try browser.get("/login").csrfToken)
        let release = occupyWorkers(of: first)
        defer { release() }
        let before = pool.roundTrips
        func signIn(password: String) throws -> WebClient.Response {
            try browser.post("/login", form: [("csrfToken", token), ("username", "demo"), ("password", password)])
        }
        for _ in 0..<3 {
            #expect(try signIn(password: "not-the-password").status == 422)
        }
        let limited = try signIn(password: "not-the-password")
        #expect(limited.status == 429)
        let wait = try #require(limited.header("Retry-After").flatMap(Int.init))
        #expect(wait > 0 && wait <= 60)
        #expect(limited.text.contains("Too many attempts"))
        // Even the right password waits, and no hash is made for a refused attempt.
        #expect(try signIn(password: "demo-password").status == 429)
        #expect(pool.roundTrips == before, "no throttle went through the blocking pool")
        // Counted in Redis: the other instance refuses the pair too.
        #expect(try second.client().signIn().status == 429)
    }

    @Test func aSignInWhoseThrottlesParkedIs503WithRetryAfterWhenTheHashingLaneIsFull() throws {
        var options = Self.quietOptions
        (options.hashingThreads, options.hashingQueueLimit) = (1, 1)
        let app = try apps.instance(options: options)
        _ = try signedIn(on: app)
        let gate = Gate()
        defer { gate.open() }
        let lane = app.application.hashingLane
        // One job runs (the thread is busy), one waits: the queue is full.
        #expect(lane.fillOneThreadOneQueued(holdingAt: gate))
        let browser = app.client()
        let refused = try browser.signIn()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After").flatMap(Int.init) == 1)
        gate.open()
        #expect(gate.waitForHolders(2))
        #expect(try browser.signIn().status == 303)
    }

    /// The registration form's fields, with the page's token.
    func registration(_ token: String, username: String, email: String) -> [(String, String)] {
        [("csrfToken", token), ("username", username), ("email", email), ("password", "a long password")]
    }

    @Test func aRegistrationWhileEveryWorkerIsBusyCostsTheBlockingPoolNoRoundTripAndSignsInOnTheOtherInstance() throws {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        _ = try signedIn(on: first)
        let pool = try #require(first.application.services.redisStore?.pool)
        let browser = first.client()
        let token = try #require(try browser.get("/register").csrfToken)
        let release = occupyWorkers(of: first)
        defer { release() }
        let before = pool.roundTrips
        // The throttle, the claims, the write and the new session id on the loop; only the hash on the lane.
        let registered = try browser.post("/register", form: registration(token, username: "parked", email: "parked@example.com"))
        #expect(registered.status == 303)
        #expect(pool.roundTrips == before, "the registration went through the loop, not the blocking pool")
        #expect(try browser.get("/library/settings").status == 200)
        #expect(try second.client().signIn(username: "parked", password: "a long password").status == 303)
    }

    @Test func aTakenUsernameOrEmailOnTheLoopIs422AndLeavesNoClaimBehind() throws {
        let app = try apps.instance(options: Self.quietOptions)
        _ = try signedIn(on: app)
        let store = try #require(app.application.services.redisStore)
        // Another instance's registrations in flight: claimed in Redis, not yet in this instance's memory.
        #expect(try store.claim(index: "usernames", key: "inflight", owner: "elsewhere"))
        #expect(try store.claim(index: "emails", key: "inflight@example.com", owner: "elsewhere"))
        let browser = app.client()
        let token = try #require(try browser.get("/register").csrfToken)
        let release = occupyWorkers(of: app)
        defer { release() }
        let before = store.pool.roundTrips
        let known = try browser.post("/register", form: registration(token, username: "demo", email: "new-demo@example.com"))
        let username = try browser.post("/register", form: registration(token, username: "InFlight", email: "free@example.com"))
        let email = try browser.post("/register", form: registration(token, username: "free", email: "InFlight@example.com"))
        #expect(store.pool.roundTrips == before, "the claims went through the loop")
        release()
        for refused in [known, username] {
            #expect(refused.status == 422)
            #expect(refused.text.contains(RegisterFormViewModel.usernameTaken))
        }
        #expect(email.status == 422)
        #expect(email.text.contains(RegisterFormViewModel.emailTaken))
        // Nothing of the refused registrations stays claimed; the other claims stay their owner's.
        #expect(try store.owner(index: "emails", key: "free@example.com") == nil)
        #expect(try store.owner(index: "usernames", key: "free") == nil, "the username is given up when the email is taken")
        #expect(try store.owner(index: "usernames", key: "inflight") == "elsewhere")
        #expect(try store.owner(index: "emails", key: "inflight@example.com") == "elsewhere")
        #expect(try browser.post("/register", form: registration(token, username: "free", email: "free@example.com")).status == 303)
    }

    /// Where the reset-request tests start: two instances on one Redis, the demo user signed in
    /// on the first, its forgot-password form's token, every worker of the first held, and its mail
    /// delivery held as if a run were already due (the mail lane makes blocking round trips).
    struct ResetRequestScene {
        let first: TestApp
        let second: TestApp
        let pool: RedisPool
        let browser: WebClient
        let token: String
        let release: @Sendable () -> Void

        /// Lets the workers go and delivers what waits in Redis.
        func deliver() {
            release()
            first.application.services.accounts.deliveryScheduled.store(false, ordering: .releasing)
            first.application.services.deliverQueuedMail()
        }
    }

    func resetRequestScene() throws -> ResetRequestScene {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        _ = try signedIn(on: first)
        let pool = try #require(first.application.services.redisStore?.pool)
        let browser = first.client()
        let token = try #require(try browser.get("/forgot-password").csrfToken)
        let release = occupyWorkers(of: first)
        let alreadyDue = first.application.services.accounts.deliveryScheduled.exchange(true, ordering: .acquiringAndReleasing)
        #expect(!alreadyDue)
        return ResetRequestScene(first: first, second: second, pool: pool, browser: browser, token: token, release: release)
    }

    @Test func aResetRequestWhileEveryWorkerIsBusyCostsTheBlockingPoolNoRoundTripAndItsMailIsDelivered() throws {
        let scene = try resetRequestScene()
        defer { scene.release() }
        let before = scene.pool.roundTrips
        // The throttle and the queue on the loop; the same answer for a known and an unknown address.
        let known = try scene.browser.post("/forgot-password", form: [("csrfToken", scene.token), ("email", "demo@example.com")])
        let unknown = try scene.browser.post("/forgot-password", form: [("csrfToken", scene.token), ("email", "nobody@example.com")])
        #expect(scene.pool.roundTrips == before, "the reset requests went through the loop, not the blocking pool")
        for answer in [known, unknown] {
            #expect(answer.status == 303)
            #expect(answer.location == "/forgot-password/sent")
        }
        // The requests wait in Redis; the mail lane delivers them (the unknown address gets none).
        scene.deliver()
        let mails = apps.outbox(of: [scene.first, scene.second])
        #expect(mails.count == 1)
        #expect(mails.first?.contains("/reset-password/") == true)
    }

    @Test func theSixthResetRequestCountedOnTheLoopIs429OnEveryInstanceWhileEveryWorkerIsBusy() throws {
        let scene = try resetRequestScene()
        defer { scene.release() }
        let before = scene.pool.roundTrips
        // Six different forms (a resent one would be answered from its receipt), the same account.
        let emails = ["demo@example.com", "Demo@example.com", "dEmo@example.com", "deMo@example.com", "demO@example.com"]
        for email in emails {
            #expect(try scene.browser.post("/forgot-password", form: [("csrfToken", scene.token), ("email", email)]).status == 303)
        }
        let limited = try scene.browser.post("/forgot-password", form: [("csrfToken", scene.token), ("email", "DEMO@example.com")])
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After").flatMap(Int.init) != nil)
        #expect(scene.pool.roundTrips == before, "no throttle or queue went through the blocking pool")
        scene.deliver()
        #expect(apps.outbox(of: [scene.first, scene.second]).count == 5, "the refused request sent nothing")
        // Counted in Redis: the other instance refuses the address too.
        #expect(try scene.second.client().submit("/forgot-password", form: [("email", "demo@example.com")]).status == 429)
    }

    @Test func aResetRequestRedisDoesNotTakeIs503WithRetryAfterWhileEveryWorkerIsBusy() throws {
        let app = try impatientInstance()
        _ = try signedIn(on: app)
        let browser = app.client()
        let token = try #require(try browser.get("/forgot-password").csrfToken)
        let release = occupyWorkers(of: app)
        defer { release() }
        let answer = try pausingWrites {
            try browser.post("/forgot-password", form: [("csrfToken", token), ("email", "demo@example.com")])
        }
        #expect(answer.status == 503)
        #expect(answer.header("Retry-After") != nil)
        release()
        #expect(try browser.post("/forgot-password", form: [("csrfToken", token), ("email", "demo@example.com")]).status == 303)
    }
}
