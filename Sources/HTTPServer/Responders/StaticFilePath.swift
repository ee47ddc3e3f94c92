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
        path.utf8.withContiguousStorageIfAvailable { resolvePlain(bytes: $0) } ?? resolvePlain(bytes: Array(path.utf8))
    }

    private static func resolvePlain(bytes: some Collection<UInt8>) -> Resolution? {
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var offset = 0
        var length = 0
        var dots = 0
        var wellKnown = true
        var verdict: Resolution?
        for byte in bytes {
            defer { offset += 1 }
            guard offset > 0 else { continue }
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                return nil
            case UInt8(ascii: "/"):
                // The first refused segment decides, as in the general way; the last is judged
                // first there (a path ending in `/` is not a file), so only remember it here.
                if verdict == nil { verdict = judge(length: length, dots: dots, wellKnown: wellKnown) }
                length = 0
                dots = 0
                wellKnown = true
            default:
                if byte == UInt8(ascii: ".") && dots == length { dots += 1 }
                wellKnown = wellKnown && length < Self.wellKnownName.count && Self.wellKnownName[length] == byte
                length += 1
            }
        }
        guard length > 0 else { return .notAFile }
        if let verdict { return verdict }
        if let last = judge(length: length, dots: dots, wellKnown: wellKnown) { return last }
        return .file(String(decoding: bytes.dropFirst(), as: UTF8.self))
    }

    private static let wellKnownName = Array(".well-known".utf8)

    /// A segment of `length` bytes whose first `dots` are dots: nil when it may name a file part.
    private static func judge(length: Int, dots: Int, wellKnown: Bool) -> Resolution? {
        if length == 0 || (dots == length && length <= 2) { return .rejected }
        if dots > 0 && !(wellKnown && length == 11) { return .notAFile }
        return nil
    }
}
