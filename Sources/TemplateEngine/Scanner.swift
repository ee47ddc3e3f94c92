/// Splits template source into tokens, following set-delimiter tags as it goes.
struct Scanner {
    let source: [UInt8]
    let file: String
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var line = 1
    private var lineStart = 0
    /// The last index `location(of:)` reached on the current line, with its column.
    private var counted = (index: 0, column: 1)
    private(set) var tokens: [Token] = []

    init(source: [UInt8], file: String) {
        self.source = source
        self.file = file
    }

    static func tokens(of source: [UInt8], file: String) throws(TemplateError) -> [Token] {
        var scanner = Scanner(source: source, file: file)
        try scanner.scan()
        return scanner.tokens
    }

    private mutating func scan() throws(TemplateError) {
        var index = 0
        var textStart = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\n") {
                let lineEnd = index > textStart && source[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                emitText(textStart..<lineEnd)
                tokens.append(Token(kind: .newline, range: lineEnd..<(index + 1)))
                index += 1
                line += 1
                lineStart = index
                textStart = index
            } else if byte == open[0] && matches(open, at: index) {
                emitText(textStart..<index)
                index = try scanTag(at: index)
                textStart = index
            } else {
                index += 1
            }
        }
        emitText(textStart..<source.count)
    }

    private mutating func emitText(_ range: Range<Int>) {
        if !range.isEmpty {
            tokens.append(Token(kind: .text, range: range))
        }
    }

    /// Scans the tag opening at `start` and returns the index just past it.
    private mutating func scanTag(at start: Int) throws(TemplateError) -> Int {
        let location = self.location(of: start)
        var contentStart = start + open.count
        var closer = close
        let tag: Token.Tag
        switch contentStart < source.count ? source[contentStart] : 0 {
        case UInt8(ascii: "{"): tag = .raw; closer = [UInt8(ascii: "}")] + close
        case UInt8(ascii: "&"): tag = .raw
        case UInt8(ascii: "#"): tag = .section
        case UInt8(ascii: "^"): tag = .inverted
        case UInt8(ascii: "/"): tag = .close
        case UInt8(ascii: "!"): tag = .comment
        case UInt8(ascii: ">"): tag = .partial
        case UInt8(ascii: "<"): tag = .parent
        case UInt8(ascii: "$"): tag = .block
        case UInt8(ascii: "="): tag = .delimiters
        default: tag = .escaped
        }
        if tag != .escaped { contentStart += 1 }
        guard let contentEnd = firstIndex(of: closer, from: contentStart) else {
            let opener = String(decoding: source[start..<contentStart], as: UTF8.self)
            throw error(.unclosedTag, at: location, "tag '\(opener)' is never closed with '\(String(decoding: closer, as: UTF8.self))'")
        }
        let end = contentEnd + closer.count
        for index in start..<end where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let content = source[contentStart..<contentEnd]
        var token = Token(kind: .tag(tag), range: start..<end, location: location)
        switch tag {
        case .comment:
            break
        case .delimiters:
            try setDelimiters(content, at: location)
        default:
            let name = content.trimmed
            guard !name.isEmpty, !name.contains(where: \.isTemplateWhitespace) else {
                let text = String(decoding: source[start..<end], as: UTF8.self)
                throw error(.invalidTagName, at: location, "tag '\(text)' needs a single name without spaces")
            }
            token.name = String(decoding: name, as: UTF8.self)
        }
        tokens.append(token)
        return end
    }

    private mutating func setDelimiters(_ content: ArraySlice<UInt8>, at location: SourceLocation) throws(TemplateError) {
        let parts = content.last == UInt8(ascii: "=")
            ? content.dropLast().split(whereSeparator: \.isTemplateWhitespace) : []
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            let text = String(decoding: content, as: UTF8.self)
            throw error(.invalidDelimiters, at: location, "'{{=\(text)}}' must set two delimiters without '=' or spaces, e.g. '{{=<% %>=}}'")
        }
        open = Array(parts[0])
        close = Array(parts[1])
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= source.count else { return false }
        for offset in pattern.indices where source[index + offset] != pattern[offset] {
            return false
        }
        return true
    }

    private func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= source.count {
            if matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Columns count characters, not bytes: UTF-8 continuation bytes do not advance them. Counting
    /// resumes from the previous tag on the same line, so a long line is counted once, not per tag.
    private mutating func location(of index: Int) -> SourceLocation {
        if counted.index < lineStart || counted.index > index { counted = (lineStart, 1) }
        for byte in source[counted.index..<index] where byte & 0xC0 != 0x80 {
            counted.column += 1
        }
        counted.index = index
        return SourceLocation(line: line, column: counted.column)
    }

    private func error(_ kind: TemplateError.Kind, at location: SourceLocation, _ message: String) -> TemplateError {
        TemplateError(kind, file: file, line: Int(location.line), column: Int(location.column), message: message)
    }
}

extension UInt8 {
    var isTemplateWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }
}

extension ArraySlice<UInt8> {
    var trimmed: ArraySlice<UInt8> {
        var slice = self
        while let first = slice.first, first.isTemplateWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isTemplateWhitespace { slice = slice.dropLast() }
        return slice
    }
}
