import RedisClient
import Testing

@Suite struct RedisURLTests {
    struct Expected: Sendable, CustomStringConvertible {
        var host: String
        var port = 6379
        var username: String?
        var password: String?
        var database = 0
        var usesTLS = false
        var description: String { "\(host):\(port)" }
    }

    @Test(arguments: [
        ("redis://localhost", Expected(host: "localhost")),
        ("redis://localhost/", Expected(host: "localhost")),
        ("redis://cache.internal:6380", Expected(host: "cache.internal", port: 6380)),
        ("redis://10.0.0.5:7000/3", Expected(host: "10.0.0.5", port: 7000, database: 3)),
        ("REDIS://redis_1", Expected(host: "redis_1")),
        ("redis://:s3cret@redis", Expected(host: "redis", password: "s3cret")),
        ("redis://alice:s3cret@redis:6379/2", Expected(host: "redis", username: "alice", password: "s3cret", database: 2)),
        ("redis://alice@redis", Expected(host: "redis", username: "alice")),
        ("redis://al%69ce:p%40ss%3Aw%2Ford@redis", Expected(host: "redis", username: "alice", password: "p@ss:w/ord")),
        ("redis://u:a@b@redis", Expected(host: "redis", username: "u", password: "a@b")),
        ("redis://u:%C3%A9@redis", Expected(host: "redis", username: "u", password: "é")),
        ("rediss://secure.example.com", Expected(host: "secure.example.com", usesTLS: true)),
        ("rediss://u:p@secure:6390/15", Expected(host: "secure", port: 6390, username: "u", password: "p", database: 15, usesTLS: true)),
        ("redis://[::1]", Expected(host: "::1")),
        ("redis://[::1]:6390/1", Expected(host: "::1", port: 6390, database: 1)),
        ("redis://[2001:db8::5]:1", Expected(host: "2001:db8::5", port: 1)),
    ])
    func parsesValidURLs(url: String, expected: Expected) throws {
        let configuration = try RedisConfiguration(url: url)
        #expect(configuration.host == expected.host)
        #expect(configuration.port == expected.port)
        #expect(configuration.username == expected.username)
        #expect(configuration.password == expected.password)
        #expect(configuration.database == expected.database)
        #expect(configuration.usesTLS == expected.usesTLS)
    }

    @Test(arguments: [
        ("http://redis", RedisConfiguration.URLError.unsupportedScheme("http")),
        ("unix:///tmp/redis.sock", .unsupportedScheme("unix")),
        ("redis+sentinel://a", .unsupportedScheme("redis+sentinel")),
        ("localhost:6379", .unsupportedScheme("localhost")),
        ("", .unsupportedScheme("")),
        ("redis://", .missingHost),
        ("redis://:6379", .missingHost),
        ("redis://user:pass@", .missingHost),
        ("redis://[]", .invalidHost("")),
        ("redis://[::1", .invalidHost("[::1")),
        ("redis://[::1]6379", .invalidHost("[::1]6379")),
        ("redis://ho st", .invalidHost("ho st")),
        ("redis://a%20b", .invalidHost("a%20b")),
        ("redis://host:", .invalidPort("")),
        ("redis://host:0", .invalidPort("0")),
        ("redis://host:65536", .invalidPort("65536")),
        ("redis://host:-1", .invalidPort("-1")),
        ("redis://host:12ab", .invalidPort("12ab")),
        ("redis://a:b:c", .invalidPort("b:c")),
        ("redis://host/db", .invalidDatabase("db")),
        ("redis://host/1/2", .invalidDatabase("1/2")),
        ("redis://host/-1", .invalidDatabase("-1")),
        ("redis://host/999999", .invalidDatabase("999999")),
        ("redis://u:%zz@host", .invalidPercentEncoding),
        ("redis://u:%4@host", .invalidPercentEncoding),
        ("redis://u:%ff@host", .invalidPercentEncoding),
        ("redis://host?db=2", .unsupportedComponent("query")),
        ("redis://host/0#x", .unsupportedComponent("fragment")),
    ])
    func refusesEverythingElseWithAClearError(url: String, expected: RedisConfiguration.URLError) {
        #expect(throws: expected) { try RedisConfiguration(url: url) }
    }

    @Test func errorsNameTheExpectedForm() {
        let error = RedisConfiguration.URLError.unsupportedScheme("http")
        #expect(error.description.contains("redis://[user:password@]host[:port][/db]"))
    }

    @Test func theRedactedURLNeverShowsThePassword() throws {
        let configuration = try RedisConfiguration(url: "rediss://alice:hunter2@[::1]:6380/4")
        #expect(configuration.redactedURL == "rediss://alice:***@[::1]:6380/4")
        #expect(try RedisConfiguration(url: "redis://cache").redactedURL == "redis://cache:6379")
        #expect(!"\(configuration)".contains("hunter2"))
        #expect(!String(reflecting: configuration).contains("hunter2"))
    }
}
