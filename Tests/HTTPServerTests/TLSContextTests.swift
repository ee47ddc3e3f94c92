@testable import HTTPServer
import Log
import Testing

/// Certificate and key problems stop the server at start-up with a message naming the file and the
/// cause; ALPN selection is a pure function over the client's list.
@Suite struct TLSContextTests {
    /// How a broken setup is made from a good certificate, and which error it must give.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var prepare: @Sendable (TestCertificate) throws -> (certificate: String, key: String)
        var matches: @Sendable (TLSConfiguration.Error) -> Bool
        var mentions: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing certificate", prepare: { ($0.path("nope.pem"), $0.keyPath) },
             matches: { if case .unreadableCertificate = $0 { true } else { false } }, mentions: "No such file"),
        Case(name: "missing key", prepare: { ($0.certificatePath, $0.path("nope.pem")) },
             matches: { if case .unreadablePrivateKey = $0 { true } else { false } }, mentions: "No such file"),
        Case(name: "a folder as certificate", prepare: { ($0.directory.path, $0.keyPath) },
             matches: { if case .unreadableCertificate = $0 { true } else { false } }, mentions: "not a regular file"),
        Case(name: "garbage certificate", prepare: { certificate in
            try certificate.directory.write("not a certificate\n", to: "garbage.pem")
            return (certificate.path("garbage.pem"), certificate.keyPath)
        }, matches: { if case .invalidCertificate = $0 { true } else { false } }, mentions: "garbage.pem"),
        Case(name: "garbage key", prepare: { certificate in
            try certificate.directory.write("not a key\n", to: "garbage.pem")
            return (certificate.certificatePath, certificate.path("garbage.pem"))
        }, matches: { if case .invalidPrivateKey = $0 { true } else { false } }, mentions: "garbage.pem"),
        Case(name: "the certificate given as key", prepare: { ($0.certificatePath, $0.certificatePath) },
             matches: { if case .invalidPrivateKey = $0 { true } else { false } }, mentions: "cert.pem"),
        Case(name: "another key of the same type", prepare: { certificate in
            try certificate.openssl("genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 -out other.pem")
            return (certificate.certificatePath, certificate.path("other.pem"))
        }, matches: { if case .keyDoesNotMatchCertificate = $0 { true } else { false } }, mentions: "does not belong"),
        Case(name: "a key of another type", prepare: { certificate in
            try certificate.openssl("genpkey -algorithm ED25519 -out other.pem")
            return (certificate.certificatePath, certificate.path("other.pem"))
        }, matches: { if case .keyDoesNotMatchCertificate = $0 { true } else { false } }, mentions: "does not belong"),
        Case(name: "an encrypted key (no prompt, no hang)", prepare: { certificate in
            try certificate.openssl("pkey -in key.pem -aes256 -passout pass:secret -out encrypted.pem")
            return (certificate.certificatePath, certificate.path("encrypted.pem"))
        }, matches: { if case .invalidPrivateKey = $0 { true } else { false } }, mentions: "unencrypted"),
    ]

    @Test(arguments: cases)
    func aBadCertificateOrKeyStopsStartUpWithAClearError(_ testCase: Case) throws {
        let certificate = try TestCertificate()
        let (certificatePath, keyPath) = try testCase.prepare(certificate)
        var configuration = HTTPServer.Configuration.testing()
        configuration.tls = TLSConfiguration(certificatePath: certificatePath, privateKeyPath: keyPath)
        let server = HTTPServer(configuration: configuration, responder: echoResponder, logger: Logger(level: .error))
        #expect { _ = try server.start() } throws: { error in
            guard let error = error as? TLSConfiguration.Error else { return false }
            return testCase.matches(error) && error.description.contains(testCase.mentions)
        }
    }

    @Test func aGoodCertificateAndKeyLoad() throws {
        let certificate = try TestCertificate()
        _ = try TLSContext(configuration: TLSConfiguration(
            certificatePath: certificate.certificatePath, privateKeyPath: certificate.keyPath))
    }

    static let alpnLists: [([String], Int?)] = [
        (["http/1.1"], 1),
        (["h2", "http/1.1"], 4),
        (["http/1.1", "h2"], 1),
        (["h2"], nil),
        (["http/1.0", "spdy/3"], nil),
        (["http/1.10"], nil),
    ]

    @Test(arguments: alpnLists)
    func alpnPicksHTTP11WhereverItIsOffered(offered: [String], expected: Int?) {
        let wire = offered.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
        #expect(wire.withUnsafeBufferPointer { TLSContext.offsetOfHTTP11(in: $0) } == expected)
    }

    @Test(arguments: [[8, 0x68], [0], [3, 0x68, 0x32]] as [[UInt8]])
    func aMalformedALPNListSelectsNothing(wire: [UInt8]) {
        #expect(wire.withUnsafeBufferPointer { TLSContext.offsetOfHTTP11(in: $0) } == nil)
    }
}
