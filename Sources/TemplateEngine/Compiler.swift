/// Turns syntax trees into one `Program`: re-indents standalone blocks, turns names into keys,
/// resolves partials and parents to template indices, merges adjacent text.
struct Compiler {
    let names: [String]
    let indices: [String: Int]
    let strict: Bool
    private var blockIDs: [String: Int] = [:]
    private(set) var program = Program()

    init(names: [String], strict: Bool) {
        self.names = names
        self.strict = strict
        self.indices = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func compile(_ nodes: [SyntaxNode], template: Int) throws(TemplateError) {
        let start = program.operations.count
        try emit(nodes, template: template)
        program.entries.append(start..<program.operations.count)
    }

    private mutating func emit(_ nodes: [SyntaxNode], template: Int) throws(TemplateError) {
        var text: (start: Int, lineStarts: [Int32])?
        func flush() {
            if let pending = text {
                program.operations.append(.text(
                    start: Int32(pending.start), length: Int32(program.bytes.count - pending.start),
                    firstLineStart: Int32(program.lineStarts.count), lineStartCount: Int32(pending.lineStarts.count)))
                program.lineStarts += pending.lineStarts
                text = nil
            }
        }
        for node in nodes {
            switch node {
            case .lineStart(let indentation, _):
                var pending = text ?? (program.bytes.count, [])
                pending.lineStarts.append(Int32(program.bytes.count - pending.start))
                program.bytes += indentation
                text = pending
            case .text(let bytes):
                if text == nil { text = (program.bytes.count, []) }
                program.bytes += bytes
            case .variable(let name, let escaped, let location):
                flush()
                let lookup = try lookup(name, template: template, at: location)
                program.operations.append(.value(lookup: lookup, escaped: escaped))
            case .section(let name, let inverted, let children, let location):
                flush()
                let lookup = try lookup(name, template: template, at: location)
                let index = program.operations.count
                program.operations.append(.section(lookup: lookup, inverted: inverted))
                try emit(children, template: template)
                program.operations[index].bodyEnd = Int32(program.operations.count)
            case .partial(let name, let indentation, let location):
                flush()
                let target = try resolve(name, template: template, at: location)
                // A standalone tag keeps an index even for no indentation of its own: its partial
                // starts a line (inherited indentation first), where an inline one continues a line.
                let standalone = indentation.map { indentationIndex($0, keepingEmpty: true) } ?? -1
                program.operations.append(.partial(template: target, indentation: standalone))
            case .parent(let name, let indentation, let blocks, let location):
                flush()
                let target = try resolve(name, template: template, at: location)
                let index = program.operations.count
                program.operations.append(.parent(template: target, indentation: indentationIndex(indentation)))
                var overrides: [Program.Override] = []
                for block in blocks {
                    let start = program.operations.count
                    _ = try emit(block, template: template)
                    overrides.append(Program.Override(id: blockID(block.name), start: Int32(start), end: Int32(program.operations.count)))
                }
                program.operations[index].overrideList = Int32(program.overrideLists.count)
                program.operations[index].parentEnd = Int32(program.operations.count)
                program.overrideLists.append(overrides)
            case .block(let block):
                flush()
                let index = program.operations.count
                program.operations.append(.block(id: blockID(block.name), writtenIn: Int32(template)))
                let indentation = try emit(block, template: template)
                program.operations[index].bodyEnd = Int32(program.operations.count)
                program.operations[index].blockIndentation = indentationIndex(indentation.isEmpty ? nil : indentation)
            }
        }
        flush()
    }

    /// A standalone block loses the indentation common to its lines where it is written and
    /// gains the indentation of the place it is expanded (its own, or its tag line's): returned.
    private mutating func emit(_ block: SyntaxBlock, template: Int) throws(TemplateError) -> [UInt8] {
        guard let tagIndentation = block.indentation else {
            try emit(block.children, template: template)
            return []
        }
        var indentations: [[UInt8]] = []
        Self.collectIndentations(block.children, into: &indentations)
        let common = indentations.dropFirst().reduce(indentations.first ?? []) { common, next in
            Array(zip(common, next).prefix { $0 == $1 }.map(\.0))
        }
        try emit(Self.removeIndentation(common.count, from: block.children), template: template)
        return common.isEmpty ? tagIndentation : common
    }

    private mutating func indentationIndex(_ indentation: [UInt8]?, keepingEmpty: Bool = false) -> Int32 {
        guard let indentation, keepingEmpty || !indentation.isEmpty else { return -1 }
        if let index = program.indentations.firstIndex(of: indentation) { return Int32(index) }
        program.indentations.append(indentation)
        return Int32(program.indentations.count - 1)
    }

    private mutating func blockID(_ name: String) -> Int32 {
        if let id = blockIDs[name] { return Int32(id) }
        let id = blockIDs.count
        blockIDs[name] = id
        return Int32(id)
    }

    private func resolve(_ name: String, template: Int, at location: SourceLocation) throws(TemplateError) -> Int32 {
        if let index = indices[name] { return Int32(index) }
        guard !strict else {
            throw TemplateError(
                .unknownPartial, file: names[template], line: Int(location.line), column: Int(location.column),
                message: "unknown template '\(name)'")
        }
        return -1
    }

    private mutating func lookup(_ name: String, template: Int, at location: SourceLocation) throws(TemplateError) -> Int32 {
        var keys: [TemplateKey] = []
        if name != "." {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard !parts.contains(where: \.isEmpty) else {
                throw TemplateError(
                    .invalidTagName, file: names[template], line: Int(location.line), column: Int(location.column),
                    message: "'\(name)' is not a valid name: dotted names need a key between dots")
            }
            keys = parts.map { TemplateKey(String($0)) }
        }
        program.lookups.append(Program.Lookup(
            first: Int32(program.keys.count), count: Int32(keys.count), template: Int32(template), location: location))
        program.keys += keys
        for key in keys {
            let start = Int32(program.keyBytes.count)
            program.keyBytes += Array(key.name.utf8)
            program.keyNames.append(Program.KeyName(
                head: key.head, tail: key.tail, start: start, count: Int32(program.keyBytes.count) - start))
        }
        return Int32(program.lookups.count - 1)
    }
}
