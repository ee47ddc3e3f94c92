/// Runs a `Program` against `TemplateData`, writing into one buffer.
///
/// The context stack holds node indices, so entering sections and looking names up copies
/// integers only.
///
/// A renderer holds raw views of the program's arrays and of the data. Only `render` makes one,
/// inside the scopes that hand those views out, and it is noncopyable, so it cannot outlive them.
struct Renderer: ~Copyable {
    /// Bounds recursive partials and parents, which would otherwise never end.
    static let maximumDepth = 200

    let program: Program
    private let operations: UnsafeBufferPointer<Program.Operation>
    private let bytes: UnsafeBufferPointer<UInt8>
    let keyNames: UnsafeBufferPointer<Program.KeyName>
    let keyBytes: UnsafeBufferPointer<UInt8>
    let data: TemplateData.View
    let names: [String]
    let strict: Bool
    private(set) var stack: [UInt32]
    /// Block arguments of the parent tags being rendered, outermost first: outer ones win.
    private var overrides: [Int32] = []
    private var indentation: [UInt8] = []
    private var depth = 0

    /// Renders template `index` of `program`; the buffers stay valid because `program` and `data`
    /// hold them.
    static func render(
        _ index: Int, of program: Program, names: [String], strict: Bool, data: borrowing TemplateData,
        into output: inout [UInt8]
    ) throws(TemplateError) {
        var buffer = PlainValueBuffer<UInt8>(capacity: 16_384)
        try render(index, of: program, names: names, strict: strict, data: data, into: &buffer)
        buffer.copy(to: &output)
    }

    /// Renders template `index` of `program` into a new array with room for `expectedBytes`: a
    /// page that fits is written straight into the array's memory, so its bytes are not copied
    /// again once rendered; one that does not is moved into a larger array once.
    static func render(
        _ index: Int, of program: Program, names: [String], strict: Bool, data: borrowing TemplateData,
        expectedBytes: Int
    ) throws(TemplateError) -> [UInt8] {
        var failure: TemplateError?
        var spilled: [UInt8]?
        let rendered = [UInt8](unsafeUninitializedCapacity: max(expectedBytes, 16)) { room, initialized in
            var buffer = PlainValueBuffer<UInt8>(lent: room)
            do throws(TemplateError) {
                try render(index, of: program, names: names, strict: strict, data: data, into: &buffer)
            } catch {
                failure = error
                initialized = 0
                return
            }
            if buffer.ownsMemory {
                // Outgrew the room: the bytes live in the buffer's own memory now.
                var larger: [UInt8] = []
                larger.reserveCapacity(buffer.count)
                buffer.copy(to: &larger)
                spilled = larger
                initialized = 0
            } else {
                initialized = buffer.count
            }
        }
        if let failure { throw failure }
        return spilled ?? rendered
    }

    private static func render(
        _ index: Int, of program: Program, names: [String], strict: Bool, data: borrowing TemplateData,
        into buffer: inout PlainValueBuffer<UInt8>
    ) throws(TemplateError) {
        try program.operations.withUnsafeBufferPointer { operations throws(TemplateError) in
            try program.bytes.withUnsafeBufferPointer { bytes throws(TemplateError) in
                try program.keyNames.withUnsafeBufferPointer { keyNames throws(TemplateError) in
                    try program.keyBytes.withUnsafeBufferPointer { keyBytes throws(TemplateError) in
                        try data.withView { view throws(TemplateError) in
                            var renderer = Renderer(
                                program: program, operations: operations, bytes: bytes, keyNames: keyNames,
                                keyBytes: keyBytes, data: view, names: names, strict: strict)
                            let entry = program.entries[index]
                            try renderer.run(entry.lowerBound, entry.upperBound, into: &buffer)
                        }
                    }
                }
            }
        }
    }

    private init(
        program: Program, operations: UnsafeBufferPointer<Program.Operation>, bytes: UnsafeBufferPointer<UInt8>,
        keyNames: UnsafeBufferPointer<Program.KeyName>, keyBytes: UnsafeBufferPointer<UInt8>,
        data: TemplateData.View, names: [String], strict: Bool
    ) {
        self.program = program
        self.operations = operations
        self.bytes = bytes
        self.keyNames = keyNames
        self.keyBytes = keyBytes
        self.data = data
        self.names = names
        self.strict = strict
        self.stack = data.root.map { [$0] } ?? []
        stack.reserveCapacity(16)
    }

    private mutating func run(_ start: Int, _ end: Int, into buffer: inout PlainValueBuffer<UInt8>) throws(TemplateError) {
        var index = start
        while index < end {
            let operation = operations[index]
            index += 1
            switch operation.kind {
            case .text:
                let start = Int(operation.textStart)
                if indentation.isEmpty || operation.lineStartCount == 0 {
                    buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(operation.textLength))]))
                } else {
                    appendIndented(operation, to: &buffer)
                }
            case .escaped, .raw:
                if let value = try resolve(operation.lookup) {
                    try append(value, escaped: operation.kind == .escaped, lookup: operation.lookup, to: &buffer)
                }
            case .section:
                let bodyEnd = Int(operation.bodyEnd)
                if let value = try resolve(operation.lookup) {
                    let node = data.nodes[Int(value)]
                    switch node.kind {
                    case .list:
                        for element in data.elements(of: node) {
                            stack.append(element)
                            try run(index, bodyEnd, into: &buffer)
                            stack.removeLast()
                        }
                    case .null:
                        break
                    case .bool where node.payload == 0:
                        break
                    default:
                        stack.append(value)
                        try run(index, bodyEnd, into: &buffer)
                        stack.removeLast()
                    }
                }
                index = bodyEnd
            case .invertedSection:
                let bodyEnd = Int(operation.bodyEnd)
                if try resolve(operation.lookup).map({ data.isFalsey(data.nodes[Int($0)]) }) ?? true {
                    try run(index, bodyEnd, into: &buffer)
                }
                index = bodyEnd
            case .partial:
                if operation.template >= 0 {
                    try nest(Int(operation.template), indentation: operation.indentation, into: &buffer)
                }
            case .parent:
                if operation.template >= 0 {
                    overrides.append(operation.overrideList)
                    defer { overrides.removeLast() }
                    try nest(Int(operation.template), indentation: operation.indentation, into: &buffer)
                }
                index = Int(operation.parentEnd)
            case .block:
                let bodyEnd = Int(operation.bodyEnd)
                let (start, end) = body(ofBlock: operation.blockID) ?? (index, bodyEnd)
                // An argument may contain its own block again: count it like a partial.
                try enter(template: Int(operation.writtenIn))
                defer { depth -= 1 }
                if operation.blockIndentation < 0 {
                    try run(start, end, into: &buffer)
                } else {
                    let saved = indentation
                    indentation += program.indentations[Int(operation.blockIndentation)]
                    defer { indentation = saved }
                    try run(start, end, into: &buffer)
                }
                index = bodyEnd
            }
        }
    }

    private mutating func nest(_ template: Int, indentation extra: Int32, into buffer: inout PlainValueBuffer<UInt8>) throws(TemplateError) {
        try enter(template: template)
        defer { depth -= 1 }
        let entry = program.entries[template]
        if extra < 0 {
            // Included inside a line: the partial's first line continues that line, so the
            // indentation of an enclosing standalone partial belongs only to its later lines.
            var first = entry.lowerBound
            if !indentation.isEmpty, first < entry.upperBound {
                let opening = program.operations[first]
                if opening.kind == .text, opening.lineStartCount > 0, program.lineStarts[Int(opening.firstLineStart)] == 0 {
                    appendIndented(opening, to: &buffer, continuingLine: true)
                    first += 1
                }
            }
            try run(first, entry.upperBound, into: &buffer)
        } else {
            let saved = indentation
            indentation += program.indentations[Int(extra)]
            defer { indentation = saved }
            try run(entry.lowerBound, entry.upperBound, into: &buffer)
        }
    }

    private mutating func enter(template: Int) throws(TemplateError) {
        guard depth < Self.maximumDepth else {
            throw TemplateError(
                .recursionTooDeep, file: names[template], line: 0, column: 0,
                message: "partials, parents or blocks nested more than \(Self.maximumDepth) deep: a template includes itself without end")
        }
        depth += 1
    }

    private func body(ofBlock id: Int32) -> (Int, Int)? {
        for list in overrides {
            for argument in program.overrideLists[Int(list)] where argument.id == id {
                return (Int(argument.start), Int(argument.end))
            }
        }
        return nil
    }

    /// `continuingLine`: the text's first line start is the middle of a line already written.
    private func appendIndented(
        _ operation: Program.Operation, to buffer: inout PlainValueBuffer<UInt8>, continuingLine: Bool = false
    ) {
        let start = Int(operation.textStart)
        var copied = start
        let lines = Int(operation.firstLineStart)..<Int(operation.firstLineStart + operation.lineStartCount)
        for line in lines.dropFirst(continuingLine ? 1 : 0) {
            let lineStart = start + Int(program.lineStarts[line])
            buffer.append(UnsafeBufferPointer(rebasing: bytes[copied..<lineStart]))
            buffer.append(indentation)
            copied = lineStart
        }
        buffer.append(UnsafeBufferPointer(rebasing: bytes[copied..<(start + Int(operation.textLength))]))
    }
}
