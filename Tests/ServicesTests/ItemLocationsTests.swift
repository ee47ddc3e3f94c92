import Models
import Testing
@testable import Services

/// Where items live, for dense ids, ids far beyond the others, and removals.
struct ItemLocationsTests {
    @Test func denseFarAndNegativeIdsAreAllFoundAndRemoved() {
        var locations = ItemLocations()
        let a = CategoryID("a"), b = CategoryID("b")
        for id in 1...1_000 { locations.set(ItemID(id), to: id % 3 == 0 ? b : a) }
        for id in [10_000_000_000, -5] { locations.set(ItemID(id), to: b) }
        #expect(locations.count == 1_002)
        #expect(locations[ItemID(3)] == b && locations[ItemID(4)] == a)
        #expect(locations[ItemID(10_000_000_000)] == b && locations[ItemID(-5)] == b)
        #expect(locations[ItemID(0)] == nil && locations[ItemID(1_001)] == nil && locations[ItemID(9_999_999_999)] == nil)
        locations.set(ItemID(4), to: b)
        #expect(locations[ItemID(4)] == b && locations.count == 1_002)
        #expect(locations.remove(ItemID(4)) == b && locations.remove(ItemID(4)) == nil)
        #expect(locations.remove(ItemID(10_000_000_000)) == b)
        #expect(locations[ItemID(4)] == nil && locations[ItemID(10_000_000_000)] == nil && locations.count == 1_000)
    }
}
