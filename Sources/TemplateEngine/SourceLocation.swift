/// A position in a template's source, 1-based; stored narrow because every compiled lookup carries one.
/// Sources are refused past `TemplateLibrary.maximumSourceBytes`, so both always fit.
struct SourceLocation: Sendable, Equatable {
    var line: Int32
    var column: Int32

    init(line: Int, column: Int) {
        self.line = Int32(line)
        self.column = Int32(column)
    }
}
