import Testing
@testable import Services

/// The chunked list against a plain array, through enough inserts and removals to split and
/// merge chunks many times.
struct ChunkedListTests {
    /// A fixed linear congruential generator: the same operations on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    @Test func insertsAndRemovalsAnywhereKeepTheSequenceOfAnArray() {
        var list = ChunkedList<Int>()
        var model: [Int] = []
        var numbers = Numbers(state: 7)
        for step in 0..<6_000 {
            if model.isEmpty || numbers.next(10) < 7 {
                let position = numbers.next(model.count + 1)
                list.insert(step, at: position)
                model.insert(step, at: position)
            } else {
                let position = numbers.next(model.count)
                #expect(list.remove(at: position) == model.remove(at: position))
            }
        }
        #expect(list.count == model.count)
        #expect(list.all == model)
        #expect(list.chunks.count > 1)
        for start in stride(from: 0, to: model.count, by: 97) {
            #expect(list.elements(in: start..<(start + 50)) == Array(model[start..<min(start + 50, model.count)]))
            #expect(list[start] == model[start])
        }
    }

    @Test func removingNearlyEverythingMergesChunksBack() {
        var list = ChunkedList(0..<5_000)
        for _ in 0..<4_990 { list.remove(at: 3) }
        #expect(list.all == [0, 1, 2, 4_993, 4_994, 4_995, 4_996, 4_997, 4_998, 4_999])
        #expect(list.chunks.count <= 2)
    }

    @Test func thePartitionPointOfASortedListIsItsInsertionPoint() {
        let list = ChunkedList(stride(from: 0, to: 3_000, by: 3))
        #expect(list.partitionPoint { $0 >= 0 } == 0)
        #expect(list.partitionPoint { $0 >= 1 } == 1)
        #expect(list.partitionPoint { $0 >= 1_500 } == 500)
        #expect(list.partitionPoint { $0 >= 2_998 } == 1_000)
        #expect(ChunkedList<Int>().partitionPoint { _ in true } == 0)
    }

    @Test func aStretchIsTheChunkHoldingTheRangeOrACopyOfTheRange() {
        let list = ChunkedList(0..<2_000)
        let inside = list.stretch(covering: 600..<650)
        #expect(inside.elements == list.chunks[1] && inside.start == 512)
        let across = list.stretch(covering: 500..<550)
        #expect(across.elements == Array(500..<550) && across.start == 500)
        #expect(list.stretch(covering: 1_990..<2_040).elements.suffix(10) == Array(1_990..<2_000))
        #expect(list.stretch(covering: 2_000..<2_050).elements.isEmpty)
    }

    @Test func slicesPastTheEndAreClampedOrEmpty() {
        let list = ChunkedList(0..<10)
        #expect(list.elements(in: 8..<20) == [8, 9])
        #expect(list.elements(in: 10..<20) == [])
        #expect(list.elements(in: -5..<2) == [0, 1])
    }
}
