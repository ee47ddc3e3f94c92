/// A stretch of journal bytes that holds no intact record: where it starts, how long it is and
/// what was wrong with the first record expected there.
public struct JournalDamage: Hashable, Sendable, CustomStringConvertible {
    /// Byte offset from the start of the journal file.
    public var offset: Int
    public var length: Int
    public var reason: RecoveryReport.CutReason

    public init(offset: Int, length: Int, reason: RecoveryReport.CutReason) {
        self.offset = offset
        self.length = length
        self.reason = reason
    }

    public var description: String {
        "\(length) bytes at offset \(offset) (\(reason))"
    }
}
