/// Walks compiled nodes against a context stack, writing into one buffer.
struct Renderer {
    /// Bounds recursive partials and parents, which would otherwise never end.
    static let maximumDepth = 200

    let templates: [[Node]]
    let names: [String]
    let strict: Bool
    private var stack: [TemplateValue]
    /// Block arguments of the parent tags being rendered, outermost first: outer ones win.
    private var overrides: [[Node.Override]] = []
    private var indentation: [UInt8] = []
    private var depth = 0

    init(templates: [[Node]], names: [String], strict: Bool, root: TemplateValue) {
        self.templates = templates
        self.names = names
        self.strict = strict
        self.stack = [root]
        stack.reserveCapacity(16)
    }

    mutating func render(_ nodes: [Node], into buffer: inout [UInt8]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                if indentation.isEmpty || text.lineStarts.isEmpty {
                    buffer.append(contentsOf: text.bytes)
                } else {
                    appendIndented(text, to: &buffer)
                }
            case .variable(let lookup, let escaped):
                if let value = try resolve(lookup) {
                    try append(value, escaped: escaped, lookup: lookup, to: &buffer)
                }
            case .section(let lookup, let body):
                guard let value = try resolve(lookup) else { continue }
                switch value {
                case .list(let elements):
                    for element in elements {
                        stack.append(element)
                        try render(body, into: &buffer)
                        stack.removeLast()
                    }
                case .null, .bool(false):
                    break
                default:
                    stack.append(value)
                    try render(body, into: &buffer)
                    stack.removeLast()
                }
            case .invertedSection(let lookup, let body):
                if try resolve(lookup)?.isFalsey ?? true {
                    try render(body, into: &buffer)
                }
            case .partial(let template, let extra):
                guard let template else { continue }
                try nest(templates[template], indentation: extra, template: template, into: &buffer)
            case .parent(let template, let arguments, let extra):
                guard let template else { continue }
                overrides.append(arguments)
                defer { overrides.removeLast() }
                try nest(templates[template], indentation: extra, template: template, into: &buffer)
            case .block(let id, let body, let extra):
                let content = override(for: id) ?? body
                if extra.isEmpty {
                    try render(content, into: &buffer)
                } else {
                    let saved = indentation
                    indentation += extra
                    defer { indentation = saved }
                    try render(content, into: &buffer)
                }
            }
        }
    }

    private mutating func nest(_ nodes: [Node], indentation extra: [UInt8], template: Int, into buffer: inout [UInt8])
        throws(TemplateError)
    {
        guard depth < Self.maximumDepth else {
            throw TemplateError(
                .recursionTooDeep, file: names[template], line: 0, column: 0,
                message: "partials nested more than \(Self.maximumDepth) deep: a template includes itself without end")
        }
        depth += 1
        let saved = indentation
        indentation += extra
        defer {
            depth -= 1
            indentation = saved
        }
        try render(nodes, into: &buffer)
    }

    private func override(for id: Int) -> [Node]? {
        for arguments in overrides {
            for argument in arguments where argument.id == id {
                return argument.body
            }
        }
        return nil
    }

    private func appendIndented(_ text: Node.Text, to buffer: inout [UInt8]) {
        var copied = 0
        for start in text.lineStarts {
            buffer.append(contentsOf: text.bytes[copied..<start])
            buffer.append(contentsOf: indentation)
            copied = start
        }
        buffer.append(contentsOf: text.bytes[copied...])
    }

    /// Finds the first context (innermost out) holding the first key, then follows the rest inside it only.
    @inline(__always)
    private func resolve(_ lookup: Node.Lookup) throws(TemplateError) -> TemplateValue? {
        guard let first = lookup.first else { return stack[stack.count - 1] }
        var index = stack.count - 1
        while index >= 0 {
            if case .object(let object) = stack[index], var value = object.field(first) {
                for key in lookup.rest {
                    guard case .object(let inner) = value, let next = inner.field(key) else {
                        return try missing(lookup)
                    }
                    value = next
                }
                return value
            }
            index -= 1
        }
        return try missing(lookup)
    }

    private func missing(_ lookup: Node.Lookup) throws(TemplateError) -> TemplateValue? {
        guard strict else { return nil }
        throw error(.missingKey, lookup, "missing key '\(lookup.name)'")
    }

    private func append(_ value: TemplateValue, escaped: Bool, lookup: Node.Lookup, to buffer: inout [UInt8])
        throws(TemplateError)
    {
        switch value {
        case .string(let string):
            HTMLEscaping.append(string, escaped: escaped, to: &buffer)
        case .int(let number):
            HTMLEscaping.append(number, to: &buffer)
        case .double(let number):
            buffer.append(contentsOf: number.description.utf8)
        case .bool(let flag):
            buffer.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            break
        case .list, .object:
            if strict {
                throw error(.invalidValue, lookup, "'\(lookup.name)' is a list or an object; only text, numbers and booleans can be written")
            }
        }
    }

    private func error(_ kind: TemplateError.Kind, _ lookup: Node.Lookup, _ message: String) -> TemplateError {
        TemplateError(
            kind, file: names[Int(lookup.template)], line: Int(lookup.location.line),
            column: Int(lookup.location.column), message: message)
    }
}
