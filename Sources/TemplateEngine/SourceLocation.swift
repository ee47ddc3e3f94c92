/// A position in a template's source, 1-based; stored narrow because every compiled lookup carries one.
struct SourceLocation: Sendable, Equatable {
    var line: Int32
    var column: Int32

    init(line: Int, column: Int) {
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column)
    }
}
