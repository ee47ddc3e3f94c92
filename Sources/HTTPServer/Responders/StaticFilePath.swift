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
}
