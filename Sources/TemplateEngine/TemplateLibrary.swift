/// Every template of an application, compiled once at start-up and rendered many times.
///
/// Immutable and `Sendable`: share one library between event loops. To pick up edited files,
/// build a new one with `reloaded()` and swap it in; the caller decides when.
public struct TemplateLibrary: Sendable {
    public struct Configuration: Sendable {
        /// Strict mode reports a missing key (and writing a list or object) as a render error, and an
        /// unknown partial or parent as a compile error. Off, the Mustache specification's rules apply:
        /// both render as nothing.
        public var strict: Bool
        /// Files with this extension are templates; the name drops it.
        public var fileExtension: String

        public init(strict: Bool = false, fileExtension: String = "mustache") {
            self.strict = strict
            self.fileExtension = fileExtension
        }
    }

    public let configuration: Configuration
    /// The directory the templates came from, if any.
    public let directory: String?
    /// Template names, sorted: paths relative to the directory without extension (`library/detail`).
    public let names: [String]
    let program: Program
    let indices: [String: Int]

    /// Compiles every template file under `directory`, subfolders included.
    /// Throws the first error found, located at file:line:column.
    public init(directory: String, configuration: Configuration = Configuration()) throws(TemplateError) {
        let sources = try TemplateDirectory.templates(in: directory, fileExtension: configuration.fileExtension)
        try self.init(sources: sources, directory: directory, configuration: configuration)
    }

    /// Compiles templates given as name → source, e.g. in tests.
    public init(templates: [String: String], configuration: Configuration = Configuration()) throws(TemplateError) {
        try self.init(sources: templates.map { ($0.key, Array($0.value.utf8)) }, directory: nil, configuration: configuration)
    }

    /// The most template source, all files together, that a library compiles: the compiled
    /// program addresses text, names and source positions in 32 bits, and stays well inside them.
    static let maximumSourceBytes = 1 << 30

    init(
        sources: [(String, [UInt8])], directory: String?, configuration: Configuration,
        maximumSourceBytes: Int = Self.maximumSourceBytes
    ) throws(TemplateError) {
        let sorted = sources.sorted { $0.0 < $1.0 }
        try Self.checkSize(of: sorted, limit: maximumSourceBytes)
        let names = sorted.map(\.0)
        var syntax: [[SyntaxNode]] = []
        for (name, source) in sorted {
            syntax.append(try Parser.parse(source, file: name))
        }
        var compiler = Compiler(names: names, strict: configuration.strict)
        for (index, nodes) in syntax.enumerated() {
            try compiler.compile(nodes, template: index)
        }
        self.configuration = configuration
        self.directory = directory
        self.names = names
        self.program = compiler.program
        self.indices = compiler.indices
    }

    /// Refuses sources that together pass `limit` bytes, naming the file (in name order) at which they do.
    private static func checkSize(of sources: [(String, [UInt8])], limit: Int) throws(TemplateError) {
        var total = 0
        for (name, source) in sources {
            total += source.count
            guard total <= limit else {
                throw TemplateError(
                    .tooLarge, file: name, line: 0, column: 0,
                    message: "the templates pass \(limit) bytes together with this file; a library compiles at most that much")
            }
        }
    }

    /// Reads the templates from disk again; the library in use stays valid if that fails.
    public func reloaded() throws(TemplateError) -> TemplateLibrary {
        guard let directory else { return self }
        return try TemplateLibrary(directory: directory, configuration: configuration)
    }

    public func contains(_ name: String) -> Bool {
        indices[name] != nil
    }

    /// Renders the template `name` with `value` as its context.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        try render(name, value, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends the rendering of `name` with a value tree as its context to `buffer`.
    public func render(_ name: String, _ value: TemplateValue, into buffer: inout [UInt8]) throws(TemplateError) {
        var data = TemplateData()
        data.setRoot(value)
        try render(name, data, into: &buffer)
    }

    /// Appends the rendering of `name` to `buffer`: the fast path, with data built flat and reused
    /// across requests. On error the buffer may hold part of the page.
    public func render(_ name: String, _ data: borrowing TemplateData, into buffer: inout [UInt8]) throws(TemplateError) {
        guard let index = indices[name] else {
            throw TemplateError(.unknownTemplate, file: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        try Renderer.render(index, of: program, names: names, strict: configuration.strict, data: data, into: &buffer)
    }

    /// The rendering of `name`, in a new array with room for `expectedBytes`: a page within that is
    /// rendered in place, with no copy of its bytes after (size it from the pages rendered so far).
    public func render(_ name: String, _ data: borrowing TemplateData, expectedBytes: Int) throws(TemplateError) -> [UInt8] {
        guard let index = indices[name] else {
            throw TemplateError(.unknownTemplate, file: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        return try Renderer.render(index, of: program, names: names, strict: configuration.strict, data: data, expectedBytes: expectedBytes)
    }
}
