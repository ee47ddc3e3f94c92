extension UInt32 {
    /// `value` as a 32-bit index or count, stopping the process when it does not fit: a trapping
    /// conversion, written as one unsigned comparison (a negative value is a huge unsigned one),
    /// with a message saying what overflowed. `TemplateData` stores its indices and counts so.
    @inline(__always)
    init(fitting value: Int, _ what: @autoclosure () -> String) {
        precondition(UInt(bitPattern: value) <= UInt(UInt32.max), what())
        // Exact: the line above checked that the value fits.
        self.init(truncatingIfNeeded: value)
    }
}
