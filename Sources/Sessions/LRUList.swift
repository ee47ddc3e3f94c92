/// Values by key in least-recently-used order, with O(1) look-up, touch, insert and eviction:
/// a doubly linked list threaded through an array, so no per-entry allocation.
struct LRUList<Value> {
    fileprivate struct Node {
        public var key: String
        public var value: Value
        public var newer: Int
        public var older: Int
    }

    let capacity: Int
    private var nodes: [Node?] = []
    private var slots: [String: Int] = [:]
    private var freeSlots: [Int] = []
    /// The most recently used node, or -1.
    private var newest = -1
    /// The least recently used node, or -1.
    private var oldest = -1

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { slots.count }

    /// The value without changing its place.
    func peek(_ key: String) -> Value? {
        slots[key].flatMap { nodes[$0]?.value }
    }

    /// Marks `key` as just used, lets `update` change its value, and returns the value.
    mutating func touch(_ key: String, update: (inout Value) -> Void = { _ in }) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        update(&nodes[slot]!.value)
        return nodes[slot]?.value
    }

    /// Lets `update` change the value of `key` in place, keeping its place; nil when absent.
    @discardableResult
    mutating func update(_ key: String, _ update: (inout Value) -> Void) -> Value? {
        guard let slot = slots[key], nodes[slot] != nil else { return nil }
        update(&nodes[slot]!.value)
        return nodes[slot]?.value
    }

    /// Inserts (or replaces) `key` as the newest entry; returns the entry evicted to stay within capacity.
    @discardableResult
    mutating func insert(_ value: Value, for key: String) -> (key: String, value: Value)? {
        if let slot = slots[key] {
            nodes[slot]?.value = value
            unlink(slot)
            linkAsNewest(slot)
            return nil
        }
        var evicted: (key: String, value: Value)?
        if slots.count >= capacity, oldest >= 0, let node = nodes[oldest] {
            evicted = (node.key, node.value)
            _ = remove(node.key)
        }
        let node = Node(key: key, value: value, newer: -1, older: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        linkAsNewest(slot)
        return evicted
    }

    @discardableResult
    mutating func remove(_ key: String) -> Value? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        unlink(slot)
        let value = nodes[slot]?.value
        nodes[slot] = nil
        freeSlots.append(slot)
        return value
    }

    /// Entries from the least to the most recently used.
    var entries: [(key: String, value: Value)] {
        var result: [(key: String, value: Value)] = []
        result.reserveCapacity(count)
        var slot = oldest
        while slot >= 0, let node = nodes[slot] {
            result.append((node.key, node.value))
            slot = node.newer
        }
        return result
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if node.newer >= 0 { nodes[node.newer]?.older = node.older } else { newest = node.older }
        if node.older >= 0 { nodes[node.older]?.newer = node.newer } else { oldest = node.newer }
        nodes[slot]?.newer = -1
        nodes[slot]?.older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newest
        nodes[slot]?.newer = -1
        if newest >= 0 { nodes[newest]?.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}

extension LRUList: Sendable where Value: Sendable {}
extension LRUList.Node: Sendable where Value: Sendable {}
