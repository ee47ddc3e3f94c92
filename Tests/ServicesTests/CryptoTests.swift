import TestSupport
import Testing
@testable import Services

struct CryptoTests {
    static func hex(_ text: String) -> [UInt8] { ByteEncoding.bytes(fromHex: text) ?? [] }

    @Test(arguments: [
        // RFC 7914 §11 and the widely published RFC 6070-style vectors for SHA-256.
        ("passwd", "salt", 1, 64,
         "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
        ("password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        ("password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    ])
    func pbkdf2MatchesPublishedVectors(password: String, salt: String, iterations: Int, length: Int, expected: String) throws {
        let key = try Crypto.pbkdf2SHA256(password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, length: length)
        #expect(ByteEncoding.hex(key) == expected)
    }

    @Test func pbkdf2RefusesImpossibleParameters() {
        #expect(throws: Crypto.Error.self) { try Crypto.pbkdf2SHA256(password: [], salt: [], iterations: 0) }
        #expect(throws: Crypto.Error.self) { try Crypto.pbkdf2SHA256(password: [], salt: [], iterations: 1, length: 0) }
    }

    @Test func hmacMatchesRFC4231() {
        let mac = Crypto.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(ByteEncoding.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func sha256MatchesFIPS180Examples(input: String, expected: String) {
        #expect(ByteEncoding.hex(Crypto.sha256(Array(input.utf8))) == expected)
    }

    @Test func constantTimeEqualsComparesContentAndLength() {
        #expect(Crypto.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!Crypto.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!Crypto.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(Crypto.constantTimeEquals([], []))
    }

    @Test func tokensAreURLSafeAndDistinct() {
        let tokens = (0..<100).map { _ in SecureRandom.token(bytes: 16) }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.count == 22)
            #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            #expect(ByteEncoding.bytes(fromBase64URL: token)?.count == 16)
        }
        #expect(SecureRandom.bytes(0).isEmpty)
    }

    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func base64URLMatchesRFC4648(plain: String, encoded: String) {
        #expect(ByteEncoding.base64URL(Array(plain.utf8)) == encoded)
        #expect(ByteEncoding.bytes(fromBase64URL: encoded) == Array(plain.utf8))
    }

    @Test func base64URLRoundTripsEveryLength() {
        var random = SeededGenerator(seed: 0xB64)
        for count in 0..<100 {
            let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            let text = ByteEncoding.base64URL(bytes)
            #expect(text.utf8.count == (count * 4 + 2) / 3, "\(count) bytes")
            #expect(ByteEncoding.bytes(fromBase64URL: text) == bytes, "\(count) bytes")
        }
    }

    @Test func base64URLUsesTheURLAlphabet() {
        #expect(ByteEncoding.base64URL([0xFB, 0xFF]) == "-_8")
    }

    @Test(arguments: ["Zg=", "Z", "Zm9v!", "a+b/"])
    func malformedBase64URLIsRejected(text: String) {
        #expect(ByteEncoding.bytes(fromBase64URL: text) == nil)
    }

    @Test func hexRoundTripsAndRejectsGarbage() {
        #expect(ByteEncoding.hex([0x00, 0xAB, 0xFF]) == "00abff")
        #expect(ByteEncoding.bytes(fromHex: "00ABff") == [0x00, 0xAB, 0xFF])
        #expect(ByteEncoding.bytes(fromHex: "abc") == nil)
        #expect(ByteEncoding.bytes(fromHex: "zz") == nil)
    }
}
