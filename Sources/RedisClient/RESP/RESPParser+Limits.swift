extension RESPParser {
    /// What one reply may cost the client. A hostile or broken server cannot make the parser
    /// allocate more than these allow, nor recurse deeper than `maximumNesting`.
    public struct Limits: Sendable, Hashable {
        /// Largest bulk string, in bytes (Redis's own `proto-max-bulk-len` defaults to 512 MB).
        public var maximumBulkLength: Int
        /// Most elements in one array.
        public var maximumArrayCount: Int
        /// Deepest nesting of arrays (a flat array is depth 1).
        public var maximumNesting: Int
        /// Longest simple string, error or number line, without its CRLF.
        public var maximumLineLength: Int

        public init(maximumBulkLength: Int = 64 << 20, maximumArrayCount: Int = 4 << 20,
                    maximumNesting: Int = 32, maximumLineLength: Int = 64 << 10) {
            self.maximumBulkLength = maximumBulkLength
            self.maximumArrayCount = maximumArrayCount
            self.maximumNesting = maximumNesting
            self.maximumLineLength = maximumLineLength
        }
    }
}
