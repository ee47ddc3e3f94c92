/// Every template of a library compiled into one flat list of plain operations.
///
/// Operations hold only integers, so walking them needs no reference counting; sections and
/// blocks are followed by their bodies and record where they end. Static text lives in one byte
/// pool, names in one key table.
struct Program: Sendable {
    struct Operation: Sendable {
        enum Kind: UInt8, Sendable {
            /// bytes[a ..< a+b]; line starts lineStarts[c ..< c+d]
            case text
            /// lookups[a], HTML-escaped
            case escaped
            /// lookups[a], as is
            case raw
            /// lookups[a]; body is the following operations up to b
            case section
            case invertedSection
            /// template a (-1: unknown), indentations[b] (-1: included inside a line, not standalone)
            case partial
            /// template a (-1: unknown), indentations[b] (-1: included inside a line, not standalone), overrideLists[c]; arguments' bodies follow up to d
            case parent
            /// block id a; default body follows up to b; indentations[c] (-1: none); written in template d
            case block
        }

        var kind: Kind
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
        var d: Int32 = 0
    }

    /// A name to look up: keys[first ..< first+count]; no keys means the implicit iterator `{{.}}`.
    struct Lookup: Sendable {
        var first: Int32
        var count: Int32
        var template: Int32
        var location: SourceLocation
    }

    struct KeyName: Sendable {
        var head: UInt64
        var tail: UInt64
        var start: Int32
        var count: Int32
    }

    /// A block argument of a parent tag: its body is operations[start ..< end].
    struct Override: Sendable {
        var id: Int32
        var start: Int32
        var end: Int32
    }

    var operations: [Operation] = []
    var bytes: [UInt8] = []
    var lineStarts: [Int32] = []
    var keys: [TemplateKey] = []
    /// Each key's identity and name (UTF-8 in `keyBytes`), parallel to `keys`: what a lookup
    /// compares with the data's fields, without touching a `String`.
    var keyNames: [KeyName] = []
    var keyBytes: [UInt8] = []
    var lookups: [Lookup] = []
    var indentations: [[UInt8]] = []
    var overrideLists: [[Override]] = []
    /// Each template's operations.
    var entries: [Range<Int>] = []

    func name(of lookup: Lookup) -> String {
        guard lookup.count > 0 else { return "." }
        return keys[Int(lookup.first)..<Int(lookup.first + lookup.count)].map(\.name).joined(separator: ".")
    }
}
