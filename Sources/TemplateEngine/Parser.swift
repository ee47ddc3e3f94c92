/// Turns tokens into a `SyntaxNode` tree, applying the standalone-line rules along the way.
struct Parser {
    /// Bounds how deeply sections, parents and blocks nest: compiling and rendering walk the tree
    /// recursively, so a runaway template must be an error rather than a stack overflow.
    static let maximumNesting = 100

    private struct Open {
        var tag: Token.Tag
        var name: String
        var location: SourceLocation
        var indentation: [UInt8]?
        var children: [SyntaxNode] = []
    }

    private let source: [UInt8]
    private let file: String
    private var stack: [Open]

    private init(source: [UInt8], file: String) {
        self.source = source
        self.file = file
        self.stack = [Open(tag: .section, name: "", location: SourceLocation(line: 1, column: 1))]
    }

    static func parse(_ source: [UInt8], file: String) throws(TemplateError) -> [SyntaxNode] {
        let tokens = try Scanner.tokens(of: source, file: file)
        var parser = Parser(source: source, file: file)
        var lineBegin = 0
        while lineBegin < tokens.count {
            var lineEnd = lineBegin
            while lineEnd < tokens.count && tokens[lineEnd].kind != .newline { lineEnd += 1 }
            let newline = lineEnd < tokens.count ? tokens[lineEnd] : nil
            try parser.addLine(tokens[lineBegin..<lineEnd], newline: newline)
            lineBegin = lineEnd + 1
        }
        return try parser.finish()
    }

    private mutating func addLine(_ line: ArraySlice<Token>, newline: Token?) throws(TemplateError) {
        let tags = line.compactMap(\.tag)
        let standalone = !tags.isEmpty && tags.allSatisfy(\.canStandAlone)
            && line.allSatisfy { $0.kind != .text || isWhitespace($0.range) }
        if standalone {
            let indentation = line.prefix { $0.kind == .text }.flatMap { source[$0.range] }
            for token in line where token.kind != .text {
                try add(token, indentation: indentation)
            }
            // A block opened and closed on its own line keeps the line break (spec: standalone blocks).
            let tagTokens = line.filter { $0.kind != .text }
            if let newline, tagTokens.count >= 2, tagTokens[tagTokens.count - 1].tag == .close,
                tagTokens[tagTokens.count - 2].tag == .block,
                tagTokens[tagTokens.count - 2].name == tagTokens[tagTokens.count - 1].name
            {
                append(.text(Array(source[newline.range])))
            }
            return
        }
        var tokens = line
        var indentation: [UInt8] = []
        if let first = tokens.first, first.kind == .text {
            let leading = source[first.range].prefix { $0 == 0x20 || $0 == 0x09 }
            indentation = Array(leading)
            tokens = tokens.dropFirst()
            if leading.count < first.range.count {
                tokens.insert(Token(kind: .text, range: (first.range.lowerBound + leading.count)..<first.range.upperBound), at: tokens.startIndex)
            }
        }
        if line.isEmpty && newline == nil { return }
        append(.lineStart(indentation: indentation, blank: tokens.isEmpty))
        for token in tokens {
            if token.kind == .text {
                append(.text(Array(source[token.range])))
            } else {
                try add(token, indentation: nil)
            }
        }
        if let newline {
            append(.text(Array(source[newline.range])))
        }
    }

    private func isWhitespace(_ range: Range<Int>) -> Bool {
        source[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private mutating func append(_ node: SyntaxNode) {
        stack[stack.count - 1].children.append(node)
    }

    private mutating func add(_ token: Token, indentation: [UInt8]?) throws(TemplateError) {
        guard let tag = token.tag else { return }
        switch tag {
        case .escaped, .raw:
            append(.variable(name: token.name, escaped: tag == .escaped, at: token.location))
        case .comment, .delimiters:
            break
        case .partial:
            append(.partial(name: token.name, indentation: indentation, at: token.location))
        case .section, .inverted, .parent, .block:
            guard stack.count <= Self.maximumNesting else {
                throw error(
                    .recursionTooDeep, at: token.location,
                    "'\(token.name)' opens a section nested more than \(Self.maximumNesting) deep")
            }
            stack.append(Open(tag: tag, name: token.name, location: token.location, indentation: indentation))
        case .close:
            try close(token)
        }
    }

    private mutating func close(_ token: Token) throws(TemplateError) {
        guard stack.count > 1 else {
            throw error(.unexpectedClosingTag, at: token.location, "'{{/\(token.name)}}' closes nothing: no section is open")
        }
        let open = stack.removeLast()
        guard open.name == token.name else {
            throw error(
                .mismatchedClosingTag, at: token.location,
                "'{{/\(token.name)}}' does not match '\(open.name)' opened at \(open.location.line):\(open.location.column)")
        }
        switch open.tag {
        case .section, .inverted:
            append(.section(name: open.name, inverted: open.tag == .inverted, children: open.children, at: open.location))
        case .parent:
            let blocks = open.children.compactMap { node -> SyntaxBlock? in
                if case .block(let block) = node { block } else { nil }
            }
            append(.parent(name: open.name, indentation: open.indentation, blocks: blocks, at: open.location))
        default:
            append(.block(SyntaxBlock(name: open.name, children: open.children, indentation: open.indentation, location: open.location)))
        }
    }

    private func finish() throws(TemplateError) -> [SyntaxNode] {
        guard stack.count == 1, let root = stack.first else {
            let open = stack[stack.count - 1]
            throw error(.unclosedSection, at: open.location, "'\(open.name)' is opened here but never closed")
        }
        return root.children
    }

    private func error(_ kind: TemplateError.Kind, at location: SourceLocation, _ message: String) -> TemplateError {
        TemplateError(kind, file: file, line: Int(location.line), column: Int(location.column), message: message)
    }
}
