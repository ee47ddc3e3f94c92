import Testing
@testable import Services

struct RandomBlockTests {
    /// Draws across several refills of the block: every draw has the size asked, none repeats
    /// another, and the bytes are not the zeroes a wiped or unfilled block would hold.
    @Test func blockDrawsAreFreshAcrossRefills() {
        let draws = (0..<(3 * RandomBlock.size / 44 + 5)).map { _ in SecureRandom.blockBytes(44) }
        #expect(draws.allSatisfy { $0.count == 44 })
        #expect(Set(draws).count == draws.count)
        #expect(draws.allSatisfy { $0.contains { $0 != 0 } })
    }

    /// Each thread draws from its own block: two threads never get the same bytes.
    @Test func threadsDrawFromTheirOwnBlocks() async {
        let draws = await withTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<4 { group.addTask { (0..<50).map { _ in SecureRandom.blockBytes(32) } } }
            return await group.reduce(into: [[UInt8]]()) { $0 += $1 }
        }
        #expect(Set(draws).count == draws.count)
    }

    @Test func emptyAndLargeDrawsKeepTheirSize() {
        #expect(SecureRandom.blockBytes(0).isEmpty)
        #expect(SecureRandom.blockBytes(RandomBlock.size).count == RandomBlock.size)
    }
}
