/// A problem in a template or in the data it renders, located at file:line:column.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case unclosedTag
        case unclosedSection
        case unexpectedClosingTag
        case mismatchedClosingTag
        case invalidDelimiters
        case invalidTagName
        case unknownPartial
        case unknownTemplate
        case missingKey
        case invalidValue
        case recursionTooDeep
        case unreadableFile
        /// The templates together pass `TemplateLibrary.maximumSourceBytes`.
        case tooLarge
    }

    public let kind: Kind
    /// The template name (its path relative to the template directory, without extension).
    public let file: String
    /// 1-based; 0 when the error concerns a whole file.
    public let line: Int
    /// 1-based, counted in characters (Unicode scalars).
    public let column: Int
    public let message: String

    public init(_ kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
