/// Every template of a library compiled into one flat list of plain operations.
///
/// Operations hold only integers, so walking them needs no reference counting; sections and
/// blocks are followed by their bodies and record where they end. Static text lives in one byte
/// pool, names in one key table.
struct Program: Sendable {
    /// Four integers whose meaning depends on `kind`: read and written through the named
    /// properties below, so the renderer and compiler say what they mean (and the operation stays
    /// 20 bytes, with no payload enum to copy out).
    struct Operation: Sendable {
        enum Kind: UInt8, Sendable {
            /// `bytes[textStart ..< textStart + textLength]`; its line starts are
            /// `lineStarts[firstLineStart ..< firstLineStart + lineStartCount]`.
            case text
            /// `lookup`, HTML-escaped.
            case escaped
            /// `lookup`, as is.
            case raw
            /// `lookup`; the body is the following operations up to `bodyEnd`.
            case section
            case invertedSection
            /// `template` (-1: unknown) with `indentation` (-1: included inside a line, not standalone).
            case partial
            /// Like a partial, with the block arguments of `overrideList`; their bodies follow up to `parentEnd`.
            case parent
            /// Block `blockID`: its default body follows up to `bodyEnd`, re-indented by
            /// `blockIndentation` (-1: none), written in template `writtenIn`.
            case block
        }

        var kind: Kind
        private var first: Int32 = 0
        private var second: Int32 = 0
        private var third: Int32 = 0
        private var fourth: Int32 = 0

        private init(_ kind: Kind, _ first: Int32, _ second: Int32 = 0, _ third: Int32 = 0, _ fourth: Int32 = 0) {
            (self.kind, self.first, self.second, self.third, self.fourth) = (kind, first, second, third, fourth)
        }

        static func text(start: Int32, length: Int32, firstLineStart: Int32, lineStartCount: Int32) -> Operation {
            Operation(.text, start, length, firstLineStart, lineStartCount)
        }
        static func value(lookup: Int32, escaped: Bool) -> Operation { Operation(escaped ? .escaped : .raw, lookup) }
        /// `bodyEnd` is set once the body is compiled.
        static func section(lookup: Int32, inverted: Bool) -> Operation { Operation(inverted ? .invertedSection : .section, lookup) }
        static func partial(template: Int32, indentation: Int32) -> Operation { Operation(.partial, template, indentation) }
        /// `overrideList` and `parentEnd` are set once the arguments are compiled.
        static func parent(template: Int32, indentation: Int32) -> Operation { Operation(.parent, template, indentation) }
        /// `bodyEnd` and `blockIndentation` are set once the default body is compiled.
        static func block(id: Int32, writtenIn template: Int32) -> Operation { Operation(.block, id, 0, 0, template) }

        var textStart: Int32 { first }
        var textLength: Int32 { second }
        var firstLineStart: Int32 { third }
        var lineStartCount: Int32 { fourth }
        var lookup: Int32 { first }
        var bodyEnd: Int32 {
            get { second }
            set { second = newValue }
        }
        var template: Int32 { first }
        var indentation: Int32 { second }
        var overrideList: Int32 {
            get { third }
            set { third = newValue }
        }
        var parentEnd: Int32 {
            get { fourth }
            set { fourth = newValue }
        }
        var blockID: Int32 { first }
        var blockIndentation: Int32 {
            get { third }
            set { third = newValue }
        }
        var writtenIn: Int32 { fourth }
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
