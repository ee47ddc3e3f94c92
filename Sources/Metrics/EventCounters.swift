import Synchronization

/// Counters for a fixed set of events, each its own atomic: threads counting different (or the
/// same) events take no lock.
public final class EventCounters<Event: CaseIterable & Hashable & Sendable>: Sendable {
    private final class Slot: Sendable {
        let value = Atomic<UInt64>(0)
    }

    private let slots: [Event: Slot]

    public init() {
        var slots: [Event: Slot] = [:]
        for event in Event.allCases { slots[event] = Slot() }
        self.slots = slots
    }

    public func increment(_ event: Event) {
        slots[event]?.value.add(1, ordering: .relaxed)
    }

    public func count(_ event: Event) -> UInt64 {
        slots[event]?.value.load(ordering: .relaxed) ?? 0
    }
}
