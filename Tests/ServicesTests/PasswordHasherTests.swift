import Testing
@testable import Services

struct PasswordHasherTests {
    let hasher = PasswordHasher(iterations: 1_000)

    @Test func aHashVerifiesItsPasswordOnly() throws {
        let hash = try hasher.hash("correct horse")
        #expect(hash.iterations == 1_000)
        #expect(hash.salt.count == 32)
        #expect(hasher.verify("correct horse", against: hash))
        #expect(!hasher.verify("correct horsE", against: hash))
        #expect(!hasher.verify("", against: hash))
    }

    @Test func eachHashHasItsOwnSalt() throws {
        let first = try hasher.hash("same")
        let second = try hasher.hash("same")
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
    }

    @Test func verificationUsesTheStoredIterationCount() throws {
        let old = try PasswordHasher(iterations: 10).hash("secret")
        #expect(hasher.verify("secret", against: old))
    }

    @Test func aDamagedStoredHashNeverVerifies() {
        #expect(!hasher.verify("x", against: PasswordHash(iterations: 1, salt: "not hex", hash: "00")))
        #expect(!hasher.verify("x", against: PasswordHash(iterations: 0, salt: "00", hash: "00")))
    }
}
