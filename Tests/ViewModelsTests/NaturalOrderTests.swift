import Models
import Testing
@testable import ViewModels

@Suite struct NaturalOrderTests {
    /// A fixed linear congruential generator: the same strings on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func title() -> String {
            let alphabet = Array("aAb0 19Z.")
            return String((0..<next(7)).map { _ in alphabet[next(alphabet.count)] })
        }
    }

    @Test func isAntisymmetricAndTransitiveOnGeneratedTitles() {
        var generator = Generator(state: 42)
        let titles = (0..<120).map { _ in generator.title() }
        func less(_ a: String, _ b: String) -> Bool { NaturalOrder.compare(a, b) == .orderedAscending }
        for a in titles {
            #expect(NaturalOrder.compare(a, a) == .orderedSame)
            for b in titles {
                let forward = NaturalOrder.compare(a, b), backward = NaturalOrder.compare(b, a)
                switch forward {
                case .orderedAscending: #expect(backward == .orderedDescending)
                case .orderedDescending: #expect(backward == .orderedAscending)
                case .orderedSame: #expect(backward == .orderedSame)
                }
            }
        }
        let sorted = titles.sorted(by: less)
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(!less(b, a)) }
    }
}
