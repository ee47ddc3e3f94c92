/// Numbers handed out once across every instance sharing a store (item ids): an instance's memory
/// cannot know what another instance handed out a moment ago.
public protocol SharedCounter: Sendable {
    /// Takes the number stored at `key` of `collection` (the next free one), never less than
    /// `floor`, and stores the one after it. No two callers, on any instance, get the same number,
    /// and a number is never handed out again.
    func takeNext(collection: String, key: String, atLeast floor: Int) throws -> Int
}
