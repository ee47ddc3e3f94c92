/// A request path cut into segments for the route parser, in one pass over its bytes: each
/// segment as sent, its spelling as a fixed word (decoded; nil when it does not decode), and a
/// fingerprint of that word, which lets a declaration whose fixed words differ refuse the path
/// without comparing strings (a page's path is tried against several declarations of its length).
struct PathSegments {
    let raw: [Substring]
    let words: [Substring?]
    let fingerprints: [UInt64]

    /// Nil unless `path` starts with `/` and no segment after it is empty, `.` or `..`. Split on
    /// the bytes: `/` is ASCII, and a split by Character would walk grapheme clusters.
    init?(_ path: String) {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var raw: [Substring] = []
        var words: [Substring?] = []
        var fingerprints: [UInt64] = []
        raw.reserveCapacity(6)
        words.reserveCapacity(6)
        fingerprints.reserveCapacity(6)
        var offset = 0
        var start = 1
        var dots = 0
        var escaped = false
        var fingerprint = Self.seed
        // The segment from `start` up to `offset`; false when it is empty or only dots.
        func close() -> Bool {
            let length = offset - start
            guard length > 0, !(dots == length && length <= 2) else { return false }
            let segment = Substring(bytes[bytes.index(bytes.startIndex, offsetBy: start)..<bytes.index(bytes.startIndex, offsetBy: offset)])
            raw.append(segment)
            if escaped {
                let word = AppRoute.word(segment)
                words.append(word)
                fingerprints.append(word.map { Self.fingerprint(of: $0.utf8) } ?? 0)
            } else {
                words.append(segment)
                fingerprints.append(Self.finish(fingerprint, length: length))
            }
            return true
        }
        for byte in bytes {
            defer { offset += 1 }
            guard offset > 0 else { continue }
            switch byte {
            case UInt8(ascii: "/"):
                guard close() else { return nil }
                start = offset + 1
                dots = 0
                escaped = false
                fingerprint = Self.seed
                continue
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "%"): escaped = true
            default: break
            }
            fingerprint = Self.step(fingerprint, byte)
        }
        guard close() else { return nil }
        self.raw = raw
        self.words = words
        self.fingerprints = fingerprints
    }

    /// FNV-1a over the bytes, with the length folded in. Equal words have equal fingerprints;
    /// unequal ones almost never do, and a match is confirmed on the words themselves.
    static func fingerprint(of bytes: some Sequence<UInt8>) -> UInt64 {
        var fingerprint = seed
        var length = 0
        for byte in bytes {
            fingerprint = step(fingerprint, byte)
            length += 1
        }
        return finish(fingerprint, length: length)
    }

    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func step(_ fingerprint: UInt64, _ byte: UInt8) -> UInt64 {
        (fingerprint ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    @inline(__always)
    private static func finish(_ fingerprint: UInt64, length: Int) -> UInt64 {
        fingerprint ^ UInt64(truncatingIfNeeded: length) &<< 56
    }
}
