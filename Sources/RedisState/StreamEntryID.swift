/// A Redis stream entry's id, `milliseconds-sequence`: ids only grow within a stream, so comparing
/// them tells whether an entry was already seen.
struct StreamEntryID: Comparable, Sendable, CustomStringConvertible {
    var milliseconds: UInt64
    var sequence: UInt64

    init(milliseconds: UInt64, sequence: UInt64) {
        (self.milliseconds, self.sequence) = (milliseconds, sequence)
    }

    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let milliseconds = UInt64(parts[0]), let sequence = UInt64(parts[1]) else { return nil }
        self.init(milliseconds: milliseconds, sequence: sequence)
    }

    var description: String { "\(milliseconds)-\(sequence)" }

    static func < (lhs: StreamEntryID, rhs: StreamEntryID) -> Bool {
        (lhs.milliseconds, lhs.sequence) < (rhs.milliseconds, rhs.sequence)
    }
}
