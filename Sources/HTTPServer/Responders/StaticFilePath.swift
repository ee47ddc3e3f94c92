import ByteCoding

/// Turns a request path into a path relative to the static root, refusing anything that could
/// name a file outside it. Checked on the decoded bytes, so `%2e%2e` is as dead as `..`.
enum StaticFilePath {
    enum Resolution: Equatable {
        /// Segments joined by `/`, none empty, none `.` or `..`.
        case file(String)
        /// Not a file path (the root, a directory, a hidden name other than `.well-known`): someone else may answer it.
        case notAFile
        /// A traversal attempt or undecodable bytes.
        case rejected
    }

    static func resolve(_ path: String) -> Resolution {
        resolvePlain(path) ?? resolveDecoding(path)
    }

    /// The general way: decode, then judge the segments.
    static func resolveDecoding(_ path: String) -> Resolution {
        let raw = Array(path.utf8)
        guard raw.first == UInt8(ascii: "/") else { return .rejected }
        // A backslash or NUL is refused however it is spelled; an encoded separator can only be an
        // attempt to fool a later step.
        let decoded = PercentDecoding.decode(raw) { byte, escaped in
            byte != 0 && byte != UInt8(ascii: "\\") && !(escaped && byte == UInt8(ascii: "/"))
        }
        guard let decoded, let text = String(validating: decoded, as: UTF8.self) else { return .rejected }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard let last = segments.last, !last.isEmpty else { return .notAFile }
        var names: [Substring] = []
        for segment in segments {
            if segment == "." || segment == ".." { return .rejected }
            if segment.isEmpty { return .rejected }
            if segment.hasPrefix(".") && segment != ".well-known" { return .notAFile }
            names.append(segment)
        }
        return .file(names.joined(separator: "/"))
    }

    /// The same judgement for a path with no `%`, `\\` or NUL, which is its own decoding: made on
    /// its bytes in one pass, with no decoded copy, no split and no join (every static file asks).
    /// Nil for any other path.
    static func resolvePlain(_ path: String) -> Resolution? {
        // Over the string's own bytes when it has them together (a parsed path always does).
        path.utf8.withContiguousStorageIfAvailable(resolvePlain(bytes:))
            ?? Array(path.utf8).withUnsafeBufferPointer(resolvePlain(bytes:))
    }

    private static func resolvePlain(bytes: UnsafeBufferPointer<UInt8>) -> Resolution? {
        switch scanPlain(bytes)?.verdict {
        case nil: nil
        case .file: .file(String(decoding: bytes.dropFirst(), as: UTF8.self))
        case .notAFile: .notAFile
        case .rejected: .rejected
        }
    }

    /// What one pass over a plain path's bytes settles: the judgement of `resolve` (a file's
    /// relative path is the bytes after the first `/`), and what the static responder asks next
    /// of the same bytes, so it need not pass over them again.
    struct Plain {
        enum Verdict { case file, notAFile, rejected }

        var verdict: Verdict
        /// Where the first segment ends (at a `/` or the end), for `StaticFileNames`.
        var firstSegmentEnd: Int
        /// Whether a segment starts with a dot (`.`, `..`, `.well-known`, a hidden name).
        var hasDotSegment: Bool
        /// `hash(_:)` of the bytes after the first `/`: a file's key in `StaticFileCache`.
        var hash: UInt64
    }

    /// The judgement of a path starting with `/` and holding no `%`, `\\` or NUL; nil for any other.
    static func scanPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Plain? {
        guard let base = bytes.baseAddress, bytes.count > 0, base[0] == UInt8(ascii: "/") else { return nil }
        let count = bytes.count
        var segmentStart = 1
        var dots = 0
        var verdict: Plain.Verdict?
        var firstSegmentEnd = 0
        var hasDotSegment = false
        var hash = hashSeed
        var offset = 1
        while offset < count {
            let byte = base[offset]
            hash = mix(hash, byte)
            // Every byte the scan looks at (NUL, `%`, `.`, `/`, `\\`) but one is below the digits:
            // most bytes, letters and digits, are passed over after two comparisons.
            if byte > UInt8(ascii: "/") && byte != UInt8(ascii: "\\") {
                offset &+= 1
                continue
            }
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                return nil
            case UInt8(ascii: "/"):
                if firstSegmentEnd == 0 { firstSegmentEnd = offset }
                // The first refused segment decides, as in the general way; the last is judged
                // first there (a path ending in `/` is not a file), so only remember it here.
                if verdict == nil { verdict = judge(bytes, start: segmentStart, end: offset, dots: dots) }
                segmentStart = offset &+ 1
                dots = 0
            case UInt8(ascii: "."):
                if dots == offset &- segmentStart {
                    dots &+= 1
                    hasDotSegment = true
                }
            default:
                break
            }
            offset &+= 1
        }
        if firstSegmentEnd == 0 { firstSegmentEnd = count }
        let last = segmentStart == count ? .notAFile : verdict ?? judge(bytes, start: segmentStart, end: count, dots: dots) ?? .file
        return Plain(verdict: last, firstSegmentEnd: firstSegmentEnd, hasDotSegment: hasDotSegment, hash: hash)
    }

    /// FNV-1a over a relative path's bytes: two instructions a byte, taken during the scan.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.reduce(hashSeed, mix)
    }

    private static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    private static let wellKnownName: StaticString = ".well-known"

    /// The segment `start..<end`, whose first `dots` bytes are dots: nil when it may name a file part.
    private static func judge(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, dots: Int) -> Plain.Verdict? {
        let length = end - start
        if length == 0 || (dots == length && length <= 2) { return .rejected }
        if dots > 0 && !isWellKnown(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return .notAFile }
        return nil
    }

    private static func isWellKnown(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        wellKnownName.withUTF8Buffer { name in segment.elementsEqual(name) }
    }
}
