/// A compiled template node: names resolved to keys, partials to template indices, blocks to ids.
enum Node: Sendable {
    case text(Text)
    case variable(Lookup, escaped: Bool)
    case section(Lookup, [Node])
    case invertedSection(Lookup, [Node])
    /// `template` is nil for a partial that does not exist (rendered as nothing in spec mode).
    case partial(template: Int?, indentation: [UInt8])
    case parent(template: Int?, overrides: [Override], indentation: [UInt8])
    /// `indentation` is added to every line of the block's content (empty unless standalone).
    case block(id: Int, body: [Node], indentation: [UInt8])

    /// Static bytes with the offsets where each source line starts, for partial indentation.
    struct Text: Sendable {
        var bytes: [UInt8]
        var lineStarts: [Int]
    }

    /// A block argument passed to a parent template.
    struct Override: Sendable {
        var id: Int
        var body: [Node]
    }

    /// A name to look up in the context stack. No keys means the implicit iterator `{{.}}`.
    struct Lookup: Sendable {
        var first: TemplateKey?
        var rest: [TemplateKey]
        var template: Int32
        var location: SourceLocation

        var name: String {
            guard let first else { return "." }
            return ([first] + rest).map(\.name).joined(separator: ".")
        }
    }
}
