import RedisClient
import TestSupport
import Testing

/// rediss:// against redis-server's own TLS port (Debian builds it with TLS), with a test CA.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
struct LiveRedisTLSTests {
    static func configuration(_ server: RedisServer, host: String = "127.0.0.1", caPath: String?, password: String? = nil) throws -> RedisConfiguration {
        var configuration = try RedisConfiguration(url: server.url(password: password))
        configuration.host = host
        configuration.caFilePath = caPath
        configuration.connectTimeout = .seconds(5)
        configuration.replyTimeout = .seconds(5)
        return configuration
    }

    @Test func talksTLSToAServerWhoseCertificateTheCAFileVouchesFor() throws {
        let authority = try TestCertificateAuthority()
        let server = try RedisServer(arguments: ["--requirepass", "tls-secret"], tls: .init(
            certificatePath: authority.certificatePath, keyPath: authority.keyPath, caPath: authority.caPath))
        let configuration = try Self.configuration(server, caPath: authority.caPath, password: "tls-secret")
        #expect(configuration.usesTLS)
        let pool = try RedisPool(configuration: configuration)
        let values = (0..<300).map { String(repeating: "x", count: $0 * 100) }
        let sets = values.enumerated().map { RedisCommand("SET", "k\($0.offset)", $0.element) }
        #expect(try pool.pipeline(sets).allSatisfy { $0 == .simpleString("OK") })
        let gets = try pool.pipeline((0..<300).map { RedisCommand("GET", "k\($0)") })
        #expect(gets.map(\.string) == values)
        // The idle TLS connection (session tickets read or not) is reused, not reopened.
        #expect(try pool.send(RedisCommand("CLIENT", "ID")) == pool.send(RedisCommand("CLIENT", "ID")))
    }

    @Test func refusesACertificateTheSystemStoreDoesNotTrust() throws {
        let authority = try TestCertificateAuthority()
        let server = try RedisServer(tls: .init(
            certificatePath: authority.certificatePath, keyPath: authority.keyPath, caPath: authority.caPath))
        #expect {
            try RedisConnection(configuration: Self.configuration(server, caPath: nil))
        } throws: { error in
            guard case .tls(let detail) = error as? RedisError else { return false }
            return detail.contains("not accepted")
        }
    }

    @Test func refusesACertificateForAnotherHost() throws {
        let authority = try TestCertificateAuthority()
        let server = try RedisServer(tls: .init(
            certificatePath: authority.certificatePath, keyPath: authority.keyPath, caPath: authority.caPath))
        // Trusted CA, but the certificate names 127.0.0.1, not localhost.
        #expect {
            try RedisConnection(configuration: Self.configuration(server, host: "localhost", caPath: authority.caPath))
        } throws: { error in
            guard case .tls(let detail) = error as? RedisError else { return false }
            return detail.lowercased().contains("mismatch")
        }
    }

    @Test func aPlainClientOnTheTLSPortFailsCleanly() throws {
        let authority = try TestCertificateAuthority()
        let server = try RedisServer(tls: .init(
            certificatePath: authority.certificatePath, keyPath: authority.keyPath, caPath: authority.caPath))
        var configuration = try Self.configuration(server, caPath: nil)
        configuration.usesTLS = false
        configuration.replyTimeout = .milliseconds(500)
        let connection = try RedisConnection(configuration: configuration)
        #expect(throws: RedisError.self) { try connection.send(RedisCommand("PING")) }
        #expect(!connection.isOpen)
    }
}
