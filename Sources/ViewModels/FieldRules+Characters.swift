/// Which characters a field refuses, and trimming. Both walk Unicode scalars once, and only ever run
/// on values already within the field's byte cap.
extension FieldRules {
    /// Whitespace at either end is never meant; secrets are the exception and are never trimmed.
    public static func trimmed(_ value: String) -> String {
        guard let first = value.firstIndex(where: { !$0.isWhitespace }),
              let last = value.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(value[first...last])
    }

    /// Whether `value` holds a character this field refuses: C0 and C1 controls (NUL, ESC, CR, LF, …),
    /// DEL, and the bidi marks, embeddings, overrides and isolates that reorder how the text around
    /// them reads. Line and paragraph separators count as controls in single-line fields; multi-line
    /// fields accept LF, CR LF and those separators.
    func containsControlCharacters(_ value: String) -> Bool {
        let scalars = value.unicodeScalars
        return scalars.indices.contains { refuses(at: $0, in: scalars) }
    }

    /// `value` without the characters this field refuses, so a refused value can be shown again
    /// without echoing them raw.
    func removingControlCharacters(_ value: String) -> String {
        let scalars = value.unicodeScalars
        var kept = String.UnicodeScalarView()
        for index in scalars.indices where !refuses(at: index, in: scalars) {
            kept.append(scalars[index])
        }
        return String(kept)
    }

    /// Whether `value` shows nothing: it is made only of whitespace and characters that draw no
    /// glyph (default-ignorable code points such as U+200B, U+2060, U+3164, U+00AD, and other
    /// format characters). Such a title looks empty on every screen, so it counts as empty.
    public static func isInvisible(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
                || scalar.properties.generalCategory == .format
        }
    }

    private func refuses(at index: String.UnicodeScalarView.Index, in scalars: String.UnicodeScalarView) -> Bool {
        switch scalars[index].value {
        case 0x0A, 0x2028, 0x2029:
            return !allowsLineBreaks
        case 0x0D:
            guard allowsLineBreaks else { return true }
            let next = scalars.index(after: index)
            return next == scalars.endIndex || scalars[next] != "\n"
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
