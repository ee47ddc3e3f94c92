/// Turns syntax trees into render-ready nodes: re-indents standalone blocks, interns names,
/// resolves partials and parents to template indices, merges adjacent text.
struct Compiler {
    let names: [String]
    let indices: [String: Int]
    let strict: Bool
    private(set) var blockIDs: [String: Int] = [:]

    init(names: [String], strict: Bool) {
        self.names = names
        self.strict = strict
        self.indices = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func compile(_ nodes: [SyntaxNode], template: Int) throws(TemplateError) -> [Node] {
        var compiled: [Node] = []
        var text: Node.Text?
        func flush() {
            if let pending = text {
                compiled.append(.text(pending))
                text = nil
            }
        }
        for node in nodes {
            switch node {
            case .lineStart(let indentation, _):
                var pending = text ?? Node.Text(bytes: [], lineStarts: [])
                pending.lineStarts.append(pending.bytes.count)
                pending.bytes += indentation
                text = pending
            case .text(let bytes):
                var pending = text ?? Node.Text(bytes: [], lineStarts: [])
                pending.bytes += bytes
                text = pending
            case .variable(let name, let escaped, let location):
                flush()
                compiled.append(.variable(try lookup(name, template: template, at: location), escaped: escaped))
            case .section(let name, let inverted, let children, let location):
                flush()
                let lookup = try lookup(name, template: template, at: location)
                let body = try compile(children, template: template)
                compiled.append(inverted ? .invertedSection(lookup, body) : .section(lookup, body))
            case .partial(let name, let indentation, let location):
                flush()
                let index = try resolve(name, template: template, at: location)
                compiled.append(.partial(template: index, indentation: indentation ?? []))
            case .parent(let name, let indentation, let blocks, let location):
                flush()
                let index = try resolve(name, template: template, at: location)
                var overrides: [Node.Override] = []
                for block in blocks {
                    let (body, _) = try compile(block, template: template)
                    overrides.append(Node.Override(id: blockID(block.name), body: body))
                }
                compiled.append(.parent(template: index, overrides: overrides, indentation: indentation ?? []))
            case .block(let block):
                flush()
                let (body, indentation) = try compile(block, template: template)
                compiled.append(.block(id: blockID(block.name), body: body, indentation: indentation))
            }
        }
        flush()
        return compiled
    }

    /// A standalone block loses the indentation common to its lines where it is written and
    /// gains the indentation of the place it is expanded (its own, or its tag line's).
    private mutating func compile(_ block: SyntaxBlock, template: Int) throws(TemplateError) -> ([Node], [UInt8]) {
        guard let tagIndentation = block.indentation else {
            return (try compile(block.children, template: template), [])
        }
        var indentations: [[UInt8]] = []
        Self.collectIndentations(block.children, into: &indentations)
        let common = indentations.dropFirst().reduce(indentations.first ?? []) { common, next in
            Array(zip(common, next).prefix { $0 == $1 }.map(\.0))
        }
        let children = Self.removeIndentation(common.count, from: block.children)
        let body = try compile(children, template: template)
        return (body, common.isEmpty ? tagIndentation : common)
    }

    private static func collectIndentations(_ nodes: [SyntaxNode], into indentations: inout [[UInt8]]) {
        for node in nodes {
            switch node {
            case .lineStart(let indentation, let blank):
                if !blank { indentations.append(indentation) }
            case .section(_, _, let children, _):
                collectIndentations(children, into: &indentations)
            case .partial(_, let indentation?, _):
                indentations.append(indentation)
            case .parent(_, let indentation, let blocks, _):
                if let indentation { indentations.append(indentation) }
                for block in blocks { collect(block, into: &indentations) }
            case .block(let block):
                collect(block, into: &indentations)
            default:
                break
            }
        }
    }

    private static func collect(_ block: SyntaxBlock, into indentations: inout [[UInt8]]) {
        if let indentation = block.indentation { indentations.append(indentation) }
        collectIndentations(block.children, into: &indentations)
    }

    private static func removeIndentation(_ count: Int, from nodes: [SyntaxNode]) -> [SyntaxNode] {
        guard count > 0 else { return nodes }
        func trim(_ indentation: [UInt8]) -> [UInt8] { Array(indentation.dropFirst(count)) }
        func trim(_ block: SyntaxBlock) -> SyntaxBlock {
            var block = block
            block.indentation = block.indentation.map(trim)
            block.children = removeIndentation(count, from: block.children)
            return block
        }
        return nodes.map { node in
            switch node {
            case .lineStart(let indentation, let blank):
                .lineStart(indentation: trim(indentation), blank: blank)
            case .section(let name, let inverted, let children, let location):
                .section(name: name, inverted: inverted, children: removeIndentation(count, from: children), at: location)
            case .partial(let name, let indentation, let location):
                .partial(name: name, indentation: indentation.map(trim), at: location)
            case .parent(let name, let indentation, let blocks, let location):
                .parent(name: name, indentation: indentation.map(trim), blocks: blocks.map(trim), at: location)
            case .block(let block):
                .block(trim(block))
            case .text, .variable:
                node
            }
        }
    }

    private mutating func blockID(_ name: String) -> Int {
        if let id = blockIDs[name] { return id }
        let id = blockIDs.count
        blockIDs[name] = id
        return id
    }

    private func resolve(_ name: String, template: Int, at location: SourceLocation) throws(TemplateError) -> Int? {
        if let index = indices[name] { return index }
        guard !strict else {
            throw TemplateError(
                .unknownPartial, file: names[template], line: Int(location.line), column: Int(location.column),
                message: "unknown template '\(name)'")
        }
        return nil
    }

    private func lookup(_ name: String, template: Int, at location: SourceLocation) throws(TemplateError) -> Node.Lookup {
        if name == "." {
            return Node.Lookup(first: nil, rest: [], template: Int32(template), location: location)
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else {
            throw TemplateError(
                .invalidTagName, file: names[template], line: Int(location.line), column: Int(location.column),
                message: "'\(name)' is not a valid name: dotted names need a key between dots")
        }
        let keys = parts.map { TemplateKey(String($0)) }
        return Node.Lookup(first: keys[0], rest: Array(keys.dropFirst()), template: Int32(template), location: location)
    }
}
