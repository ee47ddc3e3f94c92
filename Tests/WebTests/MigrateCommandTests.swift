import Foundation
import RedisClient
import Testing
import TestSupport
@testable import WaypointCommand
@testable import Web

/// `waypoint migrate`, run as main.swift runs it, from a data folder a real server left behind into
/// a real redis-server, and then served by a Waypoint started with `--redis-url`.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class MigrateCommandTests {
    let redis: RedisServer
    let scratch = TemporaryDirectory(prefix: "waypoint-migrate")
    var data: String { scratch.path("data") }

    init() throws {
        redis = try RedisServer()
    }

    final class Output {
        var lines: [String] = []
        var errors: [String] = []
        var text: String { lines.joined(separator: "\n") }
        var errorText: String { errors.joined(separator: "\n") }
    }

    func migrate(_ extra: [String] = [], url: String? = nil, now: Int64? = nil) -> (Int32, Output) {
        let output = Output()
        let status = MigrateCommand.run(
            arguments: ["--data", data, "--redis-url", url ?? redis.url()] + extra, environment: [:],
            output: { output.lines.append($0) }, errors: { output.errors.append($0) }, now: now)
        return (status, output)
    }

    /// An embedded server on the data folder: the demo user signed in (its session written through
    /// to the session journal) and one item created. Stopped before returning; the cookie is kept.
    func serveEmbedded() throws -> (cookie: String, item: String) {
        let app = try TestApp(dataDirectory: data)
        let browser = app.client()
        try browser.signIn()
        let created = try browser.submit(
            "/library/category-3/items/new", form: [("title", "Brought over"), ("subtitle", "")])
        #expect(created.status == 303)
        let item = try #require(created.location)
        let cookie = try #require(browser.sessionCookie)
        app.application.shutdown()
        return (cookie, item)
    }

    func instance() throws -> TestApp {
        var configuration = try RedisConfiguration(url: redis.url())
        (configuration.initialReconnectDelay, configuration.maximumReconnectDelay) = (.zero, .zero)
        return try TestApp(redis: configuration)
    }

    /// Every key in Redis with its serialized value (DUMP): equal before and after means nothing changed.
    func redisContents() throws -> [String: [UInt8]] {
        let connection = try RedisConnection(configuration: RedisConfiguration(url: redis.url()))
        defer { connection.close() }
        let keys = (try connection.send(RedisCommand("KEYS", "*")).array ?? []).compactMap(\.string)
        let dumps = try connection.pipeline(keys.map { RedisCommand("DUMP", $0) })
        return Dictionary(uniqueKeysWithValues: zip(keys, dumps.map { $0.bytes ?? [] }))
    }

    @Test func aStoppedServersDataAndSessionsAreServedByAnInstanceOnRedis() throws {
        let (cookie, item) = try serveEmbedded()
        let (status, output) = migrate()
        #expect(status == 0, "\(output.errors)")
        #expect(output.text.contains("accounts.users: 1 copied, 0 already in Redis"))
        #expect(output.text.contains("usernames index: 1 copied"))
        #expect(output.text.contains("sessions: 1 copied"))
        #expect(output.text.contains("catalog.items: "))
        #expect(output.text.contains("copied "))

        let app = try instance()
        #expect(!app.application.services.seeded)
        let browser = app.client()
        browser.sessionCookie = cookie
        let page = try browser.get(item)
        #expect(page.status == 200)
        #expect(page.text.contains("Brought over"))
        #expect(page.text.contains("Signed in as"))
        // The next item id came along too: a new item does not take the migrated one's place.
        let next = try browser.submit("/library/category-3/items/new", form: [("title", "Made on Redis"), ("subtitle", "")])
        #expect(next.status == 303)
        #expect(next.location != item)
        #expect(try browser.get(item).text.contains("Brought over"))
        // The demo password still signs in, from a new browser.
        let other = app.client()
        try other.signIn()
        #expect(try other.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func aSecondRunChangesNothing() throws {
        _ = try serveEmbedded()
        #expect(migrate().0 == 0)
        let before = try redisContents()
        let (status, output) = migrate()
        #expect(status == 0, "\(output.errors)")
        #expect(output.text.contains("nothing to copy"))
        #expect(output.text.contains("accounts.users: 0 to copy, 1 already in Redis"))
        #expect(try redisContents() == before)
    }

    @Test func entriesOnlyRedisHoldsAreKept() throws {
        _ = try serveEmbedded()
        #expect(migrate().0 == 0)
        let app = try instance()
        let registered = try app.client().submit(
            "/register", form: [("username", "newcomer"), ("email", "newcomer@example.com"), ("password", "a long password"),
                                ("confirmation", "a long password")])
        #expect(registered.status == 303)
        app.application.shutdown()
        let (status, output) = migrate()
        #expect(status == 0, "\(output.errors)")
        #expect(output.text.contains("nothing to copy"))
        let again = try instance()
        let browser = again.client()
        try browser.signIn(username: "newcomer", password: "a long password")
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func redisHoldingOtherDataIsRefusedAndLeftAsItWas() throws {
        _ = try serveEmbedded()
        // An instance started on the empty Redis first, and seeded its own demo user.
        try instance().application.shutdown()
        let before = try redisContents()
        let (status, output) = migrate()
        #expect(status == 1)
        #expect(output.errorText.contains("conflict: usernames index 'demo': Redis holds a different value"))
        #expect(output.errorText.contains("refused"))
        #expect(output.errorText.contains("nothing was written"))
        #expect(output.text.contains("different in Redis"))
        #expect(try redisContents() == before)
    }

    @Test func aDryRunWritesNothingAndExpiredSessionsStayBehind() throws {
        _ = try serveEmbedded()
        let later = Int64(Date().timeIntervalSince1970) + MigrateCommand.idleTimeout + 60
        let (status, output) = migrate(["--dry-run"], now: later)
        #expect(status == 0, "\(output.errors)")
        #expect(output.text.contains("accounts.users: 1 to copy"))
        #expect(output.text.contains("sessions: 0 to copy"))
        #expect(output.text.contains("sessions not copied: 1 expired"))
        #expect(output.text.contains("nothing was written"))
        #expect(try redisContents().isEmpty)
    }

    @Test func aRunningServerOnTheFolderIsRefused() throws {
        let app = try TestApp(dataDirectory: data)
        let (status, output) = migrate()
        #expect(status == 1)
        #expect(output.errorText.contains("open in a running server: stop it first"))
        #expect(try redisContents().isEmpty)
        app.application.shutdown()
    }

    @Test func usageMistakesExitTwoAndAnUnreachableRedisOne() throws {
        let output = Output()
        let missing = MigrateCommand.run(
            arguments: ["--data", data], environment: [:], output: { output.lines.append($0) },
            errors: { output.errors.append($0) })
        #expect(missing == 2)
        #expect(output.errorText.contains("--redis-url"))
        #expect(migrate(["--bogus"]).0 == 2)
        #expect(migrate(url: "http://nowhere").0 == 2)
        let help = Output()
        #expect(MigrateCommand.run(arguments: ["--help"], environment: [:], output: { help.lines.append($0) }, errors: { _ in }) == 0)
        #expect(help.text.contains("Usage: waypoint migrate"))
        _ = try serveEmbedded()
        redis.kill()
        let (status, down) = migrate()
        #expect(status == 1)
        #expect(down.errorText.contains("cannot use Redis"))
    }
}
