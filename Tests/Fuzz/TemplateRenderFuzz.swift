// Differential fuzzing of the template engine: random templates and random data, rendered by the
// real engine (both ways in: a `TemplateValue` tree and `TemplateData` built call by call) and by
// the naive reference below, a recursive interpreter over the generated syntax with its own
// escaper. The outputs, or the errors, must agree.
//
// Two users: run-render-fuzz.sh compiles this file with -D RENDER_FUZZER into a libFuzzer target
// (the input bytes drive the generator), and TemplateEngineTests compiles it as is: its seeded
// test runs the same comparison on a few hundred generated cases in every `swift test`.
//
// What the generator makes: text with the five special bytes, tabs, newlines and multi-byte UTF-8;
// escaped `{{a}}`, triple `{{{a}}}` and `{{&a}}` variables, dotted names, `{{.}}`; sections and
// inverted sections, nested; comments; set-delimiter tags; partials inline and standalone on an
// indented line (whose lines then carry that indentation). Partials only name later templates or
// unknown ones, so nothing recurses. Every other line starts with a letter or a variable, so no
// other tag is ever standalone: the reference need not know the standalone rules beyond partials.
// Data: objects (repeated keys too), lists, strings (some of thousands of bytes, past the escaper's
// chunk), integers to Int.min and Int.max, doubles, booleans and null. Strict and lenient modes.

import TemplateEngine

/// A decision source: the fuzzer's bytes, one per choice, then zeros; a zero always picks the
/// smallest choice, so every generation ends.
struct RenderFuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// 0 ..< count.
    mutating func below(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(byte()) % count
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int(byte()) * 100 < percent * 256
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}

/// A value as the reference sees it; converted to `TemplateValue` and to `TemplateData` for the engine.
indirect enum RenderFuzzValue {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([RenderFuzzValue])
    case object([(String, RenderFuzzValue)])

    var templateValue: TemplateValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .list(let values): .list(values.map(\.templateValue))
        case .object(let fields): .object(TemplateObject(fields.map { (TemplateKey($0.0), $0.1.templateValue) }))
        }
    }
}

/// The syntax the generator makes; serialized to template text for the engine, interpreted as
/// is by the reference.
indirect enum RenderFuzzNode {
    enum Style { case escaped, triple, ampersand }

    case text(String)
    case variable(String, Style, padded: Bool)
    case section(String, inverted: Bool, [RenderFuzzNode])
    case comment(String)
    case delimiters(open: String, close: String)
    /// Inside a line: no indentation of its own.
    case partial(String)
    /// `"\n" + indentation + {{>name}} + "\n" + "x"`: the tag alone on its line.
    case standalonePartial(String, indentation: String)
}

/// One generated case: templates (`t0` is rendered), data, mode.
struct RenderFuzzCase {
    static let keys = ["a", "b", "c", "d", "a_key_longer_than_15_bytes"]
    static let names = ["a", "b", "c", "d", "a_key_longer_than_15_bytes", "a.b", "b.c", "a.b.c", ".", "x"]
    static let delimiterPairs = [("{{", "}}"), ("[[", "]]"), ("<%", "%>")]

    var templates: [[RenderFuzzNode]] = []
    var root: [(String, RenderFuzzValue)] = []
    var strict = false

    init(_ source: inout RenderFuzzBytes) {
        strict = source.chance(20)
        let count = 1 + source.below(4)
        for index in 0..<count {
            var nodes: [RenderFuzzNode] = [.text("x")]  // a line never starts blank
            nodes += Self.nodes(&source, depth: 0, template: index, templateCount: count, strict: strict)
            templates.append(nodes)
        }
        root = Self.fields(&source, depth: 0)
    }

    static func name(ofTemplate index: Int) -> String { "t\(index)" }

    private static func nodes(
        _ source: inout RenderFuzzBytes, depth: Int, template: Int, templateCount: Int, strict: Bool
    ) -> [RenderFuzzNode] {
        var nodes: [RenderFuzzNode] = []
        for _ in 0..<source.below(depth == 0 ? 9 : 5) {
            switch source.below(12) {
            case 0, 1, 2:
                nodes.append(.text(text(&source)))
            case 3, 4, 5:
                nodes.append(.variable(source.pick(names), source.pick([RenderFuzzNode.Style.escaped, .escaped, .triple, .ampersand]), padded: source.chance(20)))
            case 6 where depth < 4, 7 where depth < 4:
                let children = Self.nodes(&source, depth: depth + 1, template: template, templateCount: templateCount, strict: strict)
                nodes.append(.section(source.pick(names), inverted: source.chance(30), children))
            case 8:
                nodes.append(.comment(source.pick(["", "note", " a b "])))
            case 9:
                let (open, close) = source.pick(delimiterPairs)
                nodes.append(.delimiters(open: open, close: close))
            case 10, 11:
                // Later templates only, so nothing recurses; now and then one that does not exist
                // (lenient mode renders nothing for it, strict mode refuses to compile).
                let later = template + 1 < templateCount ? template + 1 + source.below(templateCount - template - 1) : nil
                let target = later.map(name(ofTemplate:)) ?? (strict && !source.chance(10) ? nil : "missing")
                guard let target else { break }
                if source.chance(50) {
                    nodes.append(.partial(target))
                } else {
                    nodes.append(.standalonePartial(target, indentation: source.pick(["", " ", "  ", "\t", " \t "])))
                }
            default:
                nodes.append(.text(text(&source)))
            }
        }
        return nodes
    }

    /// Never `{ } [ ] %`, which delimiters are made of; a newline is always followed by a letter.
    private static func text(_ source: inout RenderFuzzBytes) -> String {
        let pieces = ["a", "b", " ", "\t", "&", "<", ">", "\"", "'", "é", "日本", "=", "/", "\n"]
        var text = ""
        for _ in 0..<(1 + source.below(8)) {
            let piece = source.pick(pieces)
            text += piece
            if piece == "\n" { text += source.pick(["y", "z", "<", "&"]) }
        }
        return text
    }

    private static func fields(_ source: inout RenderFuzzBytes, depth: Int) -> [(String, RenderFuzzValue)] {
        (0..<source.below(depth == 0 ? 7 : 4)).map { _ in (source.pick(keys), value(&source, depth: depth)) }
    }

    private static func value(_ source: inout RenderFuzzBytes, depth: Int) -> RenderFuzzValue {
        switch source.below(depth < 3 ? 10 : 6) {
        case 0: return .null
        case 1: return .bool(source.chance(50))
        case 2: return .int(source.pick([0, 7, -42, 1_000_000_007, Int.max, Int.min, Int(source.byte()) - 128]))
        case 3: return .double(source.pick([0.5, -1.25, 1e300, 3.0, -0.0, .infinity]))
        case 4, 5: return .string(string(&source))
        case 6, 7: return .object(fields(&source, depth: depth + 1))
        default:
            return .list((0..<source.below(4)).map { _ in
                // Lists of objects and lists of strings are common, and built with their own calls.
                source.chance(60) ? .object(fields(&source, depth: depth + 1)) : value(&source, depth: depth + 1)
            })
        }
    }

    private static func string(_ source: inout RenderFuzzBytes) -> String {
        let pieces = ["a", "&", "<", ">", "\"", "'", " ", "\n", "é", "🙂", "{{x}}", "abcdefgh", "&amp;"]
        if source.chance(5) {
            // Long: past the escaper's 4096-byte chunks and the buffers' first capacity.
            return String(repeating: source.pick(pieces), count: 500 + Int(source.byte()) * 40)
        }
        return (0..<source.below(12)).map { _ in source.pick(pieces) }.joined()
    }

    /// The templates as text, each set-delimiter tag changing the delimiters of what follows.
    var sources: [String: String] {
        var sources: [String: String] = [:]
        for (index, nodes) in templates.enumerated() {
            var delimiters = ("{{", "}}")
            var text = ""
            Self.serialize(nodes, delimiters: &delimiters, into: &text)
            sources[Self.name(ofTemplate: index)] = text
        }
        return sources
    }

    private static func serialize(_ nodes: [RenderFuzzNode], delimiters: inout (String, String), into text: inout String) {
        for node in nodes {
            let (open, close) = delimiters
            switch node {
            case .text(let content):
                text += content
            case .variable(let name, let style, let padded):
                let name = padded ? " \(name) " : name
                switch style {
                case .escaped: text += open + name + close
                case .triple: text += open + "{" + name + "}" + close
                case .ampersand: text += open + "&" + name + close
                }
            case .section(let name, let inverted, let children):
                text += open + (inverted ? "^" : "#") + name + close
                serialize(children, delimiters: &delimiters, into: &text)
                text += delimiters.0 + "/" + name + delimiters.1
            case .comment(let content):
                text += open + "!" + content + close
            case .delimiters(let newOpen, let newClose):
                // Setting the pair in use would need its own closer inside the tag: left out.
                guard (newOpen, newClose) != delimiters else { break }
                text += open + "=" + newOpen + " " + newClose + "=" + close
                delimiters = (newOpen, newClose)
            case .partial(let name):
                text += open + ">" + name + close
            case .standalonePartial(let name, let indentation):
                text += "\n" + indentation + open + ">" + name + close + "\nx"
            }
        }
    }
}

/// The reference: walks the generated syntax with a stack of contexts, as the Mustache
/// specification describes, with nothing shared with the engine.
struct RenderFuzzReference {
    enum Failure: Error, Equatable {
        case missingKey, invalidValue, unknownPartial
        /// A partial included inside a line of a partial that carries indentation: the engine writes
        /// that indentation before the included partial's first line too, in the middle of the line
        /// (`x{{>inner}}` in a partial indented by two spaces renders `x  inner`). Found by this
        /// fuzzer and left as it is (rendering output unchanged); such cases are not compared.
        case indentedInlinePartial
    }

    let templates: [String: [RenderFuzzNode]]
    let strict: Bool

    func render(_ name: String, root: RenderFuzzValue) throws(Failure) -> [UInt8] {
        if strict {
            for nodes in templates.values { try checkPartials(nodes) }
        }
        var output: [UInt8] = []
        try render(templates[name] ?? [], stack: [root], indentation: "", into: &output)
        return output
    }

    private func checkPartials(_ nodes: [RenderFuzzNode]) throws(Failure) {
        for node in nodes {
            switch node {
            case .partial(let name), .standalonePartial(let name, _):
                if templates[name] == nil { throw .unknownPartial }
            case .section(_, _, let children):
                try checkPartials(children)
            default:
                break
            }
        }
    }

    private func render(
        _ nodes: [RenderFuzzNode], stack: [RenderFuzzValue], indentation: String, into output: inout [UInt8]
    ) throws(Failure) {
        for node in nodes {
            switch node {
            case .text(let text):
                // Each line of a partial's own text carries the indentation of its standalone tag.
                for byte in text.utf8 {
                    output.append(byte)
                    if byte == UInt8(ascii: "\n") { output += indentation.utf8 }
                }
            case .variable(let name, let style, _):
                guard let value = try lookup(name, in: stack) else { break }
                let text: String
                switch value {
                case .null: text = ""
                case .bool(let flag): text = flag ? "true" : "false"
                case .int(let number): text = String(number)
                case .double(let number): text = number.description
                case .string(let string): text = string
                case .list, .object:
                    if strict { throw .invalidValue }
                    text = ""
                }
                output += style == .escaped ? Self.escape(text) : Array(text.utf8)
            case .section(let name, false, let children):
                guard let value = try lookup(name, in: stack) else { break }
                switch value {
                case .list(let elements):
                    for element in elements {
                        try render(children, stack: stack + [element], indentation: indentation, into: &output)
                    }
                case .null, .bool(false):
                    break
                default:
                    try render(children, stack: stack + [value], indentation: indentation, into: &output)
                }
            case .section(let name, true, let children):
                let value = try lookup(name, in: stack)
                switch value {
                case nil, .null?, .bool(false)?:
                    try render(children, stack: stack, indentation: indentation, into: &output)
                case .list(let elements)? where elements.isEmpty:
                    try render(children, stack: stack, indentation: indentation, into: &output)
                default:
                    break
                }
            case .comment, .delimiters:
                break
            case .partial(let name):
                if !indentation.isEmpty && templates[name] != nil { throw .indentedInlinePartial }
                try render(templates[name] ?? [], stack: stack, indentation: indentation, into: &output)
            case .standalonePartial(let name, let own):
                // The line (its newline included) becomes the partial, every line of it indented.
                output.append(UInt8(ascii: "\n"))
                if let partial = templates[name] {
                    output += (indentation + own).utf8
                    try render(partial, stack: stack, indentation: indentation + own, into: &output)
                }
                output += indentation.utf8
                output.append(UInt8(ascii: "x"))
            }
        }
    }

    /// The innermost context holding the first key, then the rest inside that value only.
    private func lookup(_ name: String, in stack: [RenderFuzzValue]) throws(Failure) -> RenderFuzzValue? {
        if name == "." { return stack.last }
        let keys = name.split(separator: ".").map(String.init)
        for context in stack.reversed() {
            guard var value = Self.field(keys[0], of: context) else { continue }
            for key in keys.dropFirst() {
                guard let next = Self.field(key, of: value) else {
                    if strict { throw .missingKey }
                    return nil
                }
                value = next
            }
            return value
        }
        if strict { throw .missingKey }
        return nil
    }

    /// The last field of that name wins.
    private static func field(_ key: String, of value: RenderFuzzValue) -> RenderFuzzValue? {
        guard case .object(let fields) = value else { return nil }
        return fields.last { $0.0 == key }?.1
    }

    static func escape(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            case UInt8(ascii: "'"): output += "&#39;".utf8
            default: output.append(byte)
            }
        }
        return output
    }
}

/// Builds the same data with `TemplateData`'s calls, picking among the ways in for each value
/// (strings: plain, optional, through an array writer, or written in place, fitting or not).
struct RenderFuzzBuilder {
    private var choices: UInt64

    init(seed: UInt64) {
        choices = seed | 1
    }

    private mutating func choose(_ count: UInt64) -> UInt64 {
        choices ^= choices << 13
        choices ^= choices >> 7
        choices ^= choices << 17
        return choices % count
    }

    mutating func add(_ fields: [(String, RenderFuzzValue)], to data: inout TemplateData) {
        for (name, value) in fields {
            let key = TemplateKey(name)
            switch value {
            case .null:
                if choose(2) == 0 { data.addNull(key) } else { data.add(key, nil as String?) }
            case .bool(let flag):
                data.add(key, flag)
            case .int(let number):
                data.add(key, number)
            case .double:
                data.add(key, value.templateValue)
            case .string(let text):
                add(text, key: key, to: &data)
            case .object(let inner):
                data.add(key, object: { data in add(inner, to: &data) })
            case .list(let elements):
                let objects = elements.compactMap { element -> [(String, RenderFuzzValue)]? in
                    if case .object(let fields) = element { return fields } else { return nil }
                }
                let strings = elements.compactMap { element -> String? in
                    if case .string(let text) = element { return text } else { return nil }
                }
                if objects.count == elements.count {
                    data.add(key, objects: objects) { data, fields in add(fields, to: &data) }
                } else if strings.count == elements.count {
                    data.add(key, strings: strings)
                } else {
                    data.add(key, value.templateValue)
                }
            }
        }
    }

    private mutating func add(_ text: String, key: TemplateKey, to data: inout TemplateData) {
        switch choose(4) {
        case 0:
            data.add(key, text)
        case 1:
            data.add(key, Optional(text))
        case 2:
            data.add(key, text: { $0 += text.utf8 })
        default:
            // Room for the text, or a little less: when it does not fit, nothing may be added.
            let length = text.utf8.count
            let room = choose(2) == 0 ? length + Int(choose(3)) : max(0, length - 1 - Int(choose(3)))
            let pieces = Array(text.utf8)
            let split = pieces.isEmpty ? 0 : Int(choose(UInt64(pieces.count)))
            let added = data.add(key, textOfAtMost: room) { writer in
                pieces[..<split].withUnsafeBufferPointer { writer.append(contentsOf: $0.span) }
                if split < pieces.count { writer.append(pieces[split]) }
                if split + 1 < pieces.count {
                    pieces[(split + 1)...].withUnsafeBufferPointer { writer.append(contentsOf: $0.span) }
                }
            }
            if added != (length <= room) {
                fatalError("textOfAtMost: \(length) bytes in a room of \(room) answered \(added)")
            }
            if !added { data.add(key, text: { $0 += text.utf8 }) }
        }
    }
}

/// One comparison: generate, render three ways, describe the first disagreement.
enum RenderFuzzComparison {
    static func mismatch(for bytes: [UInt8]) -> String? {
        var source = RenderFuzzBytes(bytes)
        let fuzzCase = RenderFuzzCase(&source)
        let sources = fuzzCase.sources
        var named: [String: [RenderFuzzNode]] = [:]
        for (index, nodes) in fuzzCase.templates.enumerated() { named[RenderFuzzCase.name(ofTemplate: index)] = nodes }
        let reference = RenderFuzzReference(templates: named, strict: fuzzCase.strict)
        let root = RenderFuzzValue.object(fuzzCase.root)
        let expected: Result<[UInt8], RenderFuzzReference.Failure>
        do { expected = .success(try reference.render("t0", root: root)) } catch { expected = .failure(error) }
        if case .failure(.indentedInlinePartial) = expected { return nil }

        func describe(_ what: String, _ actual: String) -> String {
            let wanted: String
            switch expected {
            case .success(let bytes): wanted = String(decoding: bytes, as: UTF8.self).debugDescription
            case .failure(let failure): wanted = "error \(failure)"
            }
            return """
                \(what) differs from the reference (strict: \(fuzzCase.strict))
                templates: \(sources.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value.debugDescription)" }.joined(separator: "\n  "))
                data: \(root)
                expected: \(wanted)
                actual:   \(actual)
                """
        }

        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(templates: sources, configuration: .init(strict: fuzzCase.strict))
        } catch {
            if case .failure(.unknownPartial) = expected, error.kind == .unknownPartial { return nil }
            return describe("compiling", "error \(error)")
        }
        if case .failure(.unknownPartial) = expected { return describe("compiling", "no error") }

        func check(_ what: String, _ render: () throws(TemplateError) -> [UInt8]) -> String? {
            do {
                let actual = try render()
                if case .success(let bytes) = expected, bytes == actual { return nil }
                return describe(what, String(decoding: actual, as: UTF8.self).debugDescription)
            } catch {
                switch (expected, error.kind) {
                case (.failure(.missingKey), .missingKey), (.failure(.invalidValue), .invalidValue): return nil
                default: return describe(what, "error \(error)")
                }
            }
        }
        if let problem = check("rendering a TemplateValue", { () throws(TemplateError) in
            Array(try library.render("t0", root.templateValue).utf8)
        }) {
            return problem
        }
        return check("rendering TemplateData", { () throws(TemplateError) in
            var data = TemplateData(expectedBytes: 64)
            var builder = RenderFuzzBuilder(seed: UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.first ?? 0))
            data.setRoot { data in builder.add(fuzzCase.root, to: &data) }
            var output: [UInt8] = Array("kept:".utf8)
            try library.render("t0", data, into: &output)
            guard output.starts(with: "kept:".utf8) else { return output }
            return Array(output.dropFirst(5))
        })
    }
}

#if RENDER_FUZZER
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTemplateRender(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        if let problem = RenderFuzzComparison.mismatch(for: Array(UnsafeBufferPointer(start: start, count: count))) {
            fatalError(problem)
        }
        return 0
    }
#endif
