import Models

/// Which category each item lives in, by id: ids are handed out densely from 1, so a plain array
/// indexed by id (4 bytes an id) stands where a dictionary would take some 60 bytes an item. An
/// id far beyond the others (imported, say) goes to a small dictionary instead of growing the
/// array to it.
struct ItemLocations: Sendable {
    /// `dense[id]` is the category's slot + 1; 0 for no item.
    private var dense: [UInt32] = []
    private var sparse: [Int: UInt32] = [:]
    /// Categories by slot, and back; a slot is never reused (categories are never deleted).
    private var slots: [CategoryID] = []
    private var slotOf: [CategoryID: UInt32] = [:]
    private var lastSlot: UInt32 = 0
    private(set) var count = 0

    subscript(id: ItemID) -> CategoryID? {
        let raw = id.rawValue
        let slot = raw >= 0 && raw < dense.count ? dense[raw] : (sparse[raw] ?? 0)
        return slot == 0 ? nil : slots[Int(slot) - 1]
    }

    mutating func set(_ id: ItemID, to category: CategoryID) {
        let slot = slot(of: category) + 1
        let raw = id.rawValue
        if raw >= 0, raw < dense.count {
            if dense[raw] == 0 { count += 1 }
            dense[raw] = slot
        } else if raw >= 0, raw < max(4 * (count + 1), 1 << 16) {
            if sparse.removeValue(forKey: raw) == nil { count += 1 }
            dense.append(contentsOf: repeatElement(0, count: raw + 1 - dense.count))
            dense[raw] = slot
        } else {
            if sparse.updateValue(slot, forKey: raw) == nil { count += 1 }
        }
    }

    @discardableResult
    mutating func remove(_ id: ItemID) -> CategoryID? {
        guard let category = self[id] else { return nil }
        let raw = id.rawValue
        if raw >= 0, raw < dense.count { dense[raw] = 0 } else { sparse[raw] = nil }
        count -= 1
        return category
    }

    mutating func reserveCapacity(_ ids: Int) {
        dense.reserveCapacity(ids + 1)
    }

    private mutating func slot(of category: CategoryID) -> UInt32 {
        // Consecutive items (loading, a burst of adds) mostly share a category: skip the hashing.
        if Int(lastSlot) < slots.count, slots[Int(lastSlot)] == category { return lastSlot }
        if let slot = slotOf[category] {
            lastSlot = slot
            return slot
        }
        let slot = UInt32(slots.count)
        slots.append(category)
        slotOf[category] = slot
        lastSlot = slot
        return slot
    }
}
