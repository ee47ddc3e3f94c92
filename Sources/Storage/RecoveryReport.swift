/// What start-up found and repaired, so a cut tail is reported rather than silently absorbed.
public struct RecoveryReport: Hashable, Sendable, CustomStringConvertible {
    /// Why bytes at the end of the journal were discarded.
    public enum CutReason: Hashable, Sendable, CustomStringConvertible {
        /// Fewer bytes than a record header: a write torn mid-header.
        case truncatedHeader(available: Int)
        /// The header announces more bytes than the file holds: a write torn mid-record.
        case truncatedRecord(declared: Int, available: Int)
        /// The header announces an impossible length: garbage where a header should be.
        case implausibleLength(Int)
        case checksumMismatch(expected: UInt32, actual: UInt32)
        /// The checksum matched but the payload does not decode.
        case undecodablePayload
        /// The rest of the file is zeros: space a crash allocated before the bytes arrived.
        case zeroFilled(length: Int)

        /// A record that was never written whole: the only damage a start cuts by itself.
        public var isCutShort: Bool {
            switch self {
            case .truncatedHeader, .truncatedRecord, .zeroFilled: true
            case .implausibleLength, .checksumMismatch, .undecodablePayload: false
            }
        }

        public var description: String {
            switch self {
            case .truncatedHeader(let available): "torn record header (\(available) bytes)"
            case .truncatedRecord(let declared, let available):
                "torn record (\(declared) bytes declared, \(available) present)"
            case .implausibleLength(let length): "implausible record length \(length)"
            case .checksumMismatch(let expected, let actual):
                "checksum mismatch (stored \(expected), computed \(actual))"
            case .undecodablePayload: "undecodable record payload"
            case .zeroFilled(let length): "zero-filled tail (\(length) bytes never written)"
            }
        }
    }

    /// The generation the store continues with.
    public var generation: UInt64
    public var snapshotLoaded: Bool
    public var recordsReplayed: Int
    /// Bytes truncated from the journal's end (0 when it was clean).
    public var bytesCut: Int
    /// The offset where the cut began.
    public var cutOffset: Int?
    public var cutReason: CutReason?
    /// True when a journal older than the snapshot (a crash mid-snapshot) was replaced.
    public var staleJournalDiscarded: Bool
    /// The format version the files had when it was older than this build's (they are rewritten).
    public var upgradedFromVersion: UInt32?

    public init(
        generation: UInt64 = 0, snapshotLoaded: Bool = false, recordsReplayed: Int = 0,
        bytesCut: Int = 0, cutOffset: Int? = nil, cutReason: CutReason? = nil, staleJournalDiscarded: Bool = false
    ) {
        self.generation = generation
        self.snapshotLoaded = snapshotLoaded
        self.recordsReplayed = recordsReplayed
        self.bytesCut = bytesCut
        self.cutOffset = cutOffset
        self.cutReason = cutReason
        self.staleJournalDiscarded = staleJournalDiscarded
    }

    public var isClean: Bool { bytesCut == 0 && !staleJournalDiscarded }

    public var description: String {
        var text = "generation \(generation), snapshot \(snapshotLoaded ? "loaded" : "absent"), \(recordsReplayed) records replayed"
        if let cutReason, let cutOffset {
            text += "; cut \(bytesCut) bytes at offset \(cutOffset): \(cutReason)"
        }
        if staleJournalDiscarded { text += "; discarded a journal older than the snapshot" }
        if let upgradedFromVersion { text += "; rewrote files of format version \(upgradedFromVersion) as version \(FileFormat.version)" }
        return text
    }
}
