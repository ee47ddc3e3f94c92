/// How one kind of field is bounded, written once as data and shared by every form that asks for
/// that kind (see `FieldRules+Kinds.swift`). Lengths are limited twice: in UTF-8 bytes, checked first
/// because counting them costs nothing whatever the content, so hostile input (a letter carrying
/// hundreds of kilobytes of combining marks, a password the size of a novel) is refused before any
/// character is iterated; then in characters (grapheme clusters), the length a person sees, which is
/// also the `maxlength` browsers enforce.
public struct FieldRules: Hashable, Sendable {
    /// The shape a value must have beyond its length and characters; each case names the check in
    /// `FieldRules+Formats.swift`.
    public enum Format: Hashable, Sendable {
        case text
        case username
        case email
        case password
    }

    /// The most characters (grapheme clusters) accepted, also rendered as `maxlength`.
    public var maximumCharacters: Int
    /// The most UTF-8 bytes accepted, checked before anything else.
    public var maximumBytes: Int
    /// Multi-line fields (textareas) accept line feeds and CR LF pairs; no field accepts other controls.
    public var allowsLineBreaks: Bool
    /// Secrets (passwords) are neither trimmed nor ever echoed back.
    public var isSecret: Bool
    public var format: Format

    public init(
        maximumCharacters: Int, maximumBytes: Int, allowsLineBreaks: Bool = false, isSecret: Bool = false,
        format: Format = .text
    ) {
        self.maximumCharacters = maximumCharacters
        self.maximumBytes = maximumBytes
        self.allowsLineBreaks = allowsLineBreaks
        self.isSecret = isSecret
        self.format = format
    }

    /// Free text of at most `maximumCharacters`, with room for four bytes a character (any letter,
    /// most emoji) before the byte cap bites.
    public init(text maximumCharacters: Int, allowsLineBreaks: Bool = false) {
        self.init(
            maximumCharacters: maximumCharacters, maximumBytes: maximumCharacters * 4, allowsLineBreaks: allowsLineBreaks)
    }
}
