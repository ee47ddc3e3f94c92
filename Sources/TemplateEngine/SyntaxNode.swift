/// A parsed template before partials are resolved: the tree the parser builds from tokens.
indirect enum SyntaxNode {
    /// The start of a source line; `indentation` is its leading whitespace, kept apart so that
    /// partial and block indentation can be applied and removed per line.
    case lineStart(indentation: [UInt8], blank: Bool)
    case text([UInt8])
    case variable(name: String, escaped: Bool, at: SourceLocation)
    case section(name: String, inverted: Bool, children: [SyntaxNode], at: SourceLocation)
    /// `indentation` is set when the tag stands alone on its line.
    case partial(name: String, indentation: [UInt8]?, at: SourceLocation)
    case parent(name: String, indentation: [UInt8]?, blocks: [SyntaxBlock], at: SourceLocation)
    case block(SyntaxBlock)
}

/// A `{{$name}}` block: a parameter of its template, or an argument inside a parent tag.
struct SyntaxBlock {
    var name: String
    var children: [SyntaxNode]
    /// Set when the opening tag stands alone on its line: the content is then re-indented.
    var indentation: [UInt8]?
    var location: SourceLocation
}
