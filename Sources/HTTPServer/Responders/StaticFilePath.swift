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
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else { return .rejected }
                let value = high << 4 | low
                // An encoded separator or NUL can only be an attempt to fool a later step.
                if value == 0 || value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") { return .rejected }
                decoded.append(value)
                index += 3
            } else {
                if byte == UInt8(ascii: "\\") || byte == 0 { return .rejected }
                decoded.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return .rejected }
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
