/// One lexical piece of a template: text within a line, a line ending, or a tag.
struct Token {
    enum Kind: Equatable {
        case text
        case newline
        case tag(Tag)
    }

    enum Tag: Equatable {
        case escaped, raw, section, inverted, close, comment, partial, parent, block, delimiters

        /// Tags that produce no output of their own may stand alone on a line, which is then removed.
        var canStandAlone: Bool {
            switch self {
            case .escaped, .raw: false
            default: true
            }
        }
    }

    var kind: Kind
    /// The bytes of text and newline tokens.
    var range: Range<Int>
    /// A tag's trimmed content (its name).
    var name: String = ""
    var location: SourceLocation = SourceLocation(line: 0, column: 0)

    var tag: Tag? {
        if case .tag(let tag) = kind { tag } else { nil }
    }
}
