extension URLEncodedForm {
    /// What one form or query string may cost to decode. Checked in one pass over the raw bytes
    /// before any field is decoded, so a hostile body (`x=&x=&…`, a megabyte of it) is refused
    /// after a byte scan instead of after a hundred thousand string allocations.
    public struct Limits: Sendable, Hashable {
        /// Fields (non-empty `&`-separated segments); above this: `URLEncodingError.tooManyFields`.
        public var maxFields: Int
        /// Bytes of one field's name as sent (still percent-encoded); above this: `.nameTooLong`.
        public var maxNameBytes: Int
        /// Bytes of one field's value as sent (still percent-encoded); above this: `.valueTooLong`.
        public var maxValueBytes: Int

        public init(maxFields: Int = 64, maxNameBytes: Int = 256, maxValueBytes: Int = 64 * 1024) {
            self.maxFields = maxFields
            self.maxNameBytes = maxNameBytes
            self.maxValueBytes = maxValueBytes
        }

        /// No limit at all: for input the caller has already bounded.
        public static let unlimited = Limits(maxFields: .max, maxNameBytes: .max, maxValueBytes: .max)
    }

    /// Throws the first limit the raw bytes break. Counts the `&` separators first: only when there
    /// are more of them than fields allowed does it look for empty segments, which do not count.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, against limits: Limits) throws(URLEncodingError) {
        var separators = 0
        for byte in bytes where byte == ASCII.ampersand { separators += 1 }
        if separators >= limits.maxFields {
            var fields = 0
            var previous = ASCII.ampersand
            for byte in bytes {
                if previous == ASCII.ampersand && byte != ASCII.ampersand {
                    fields += 1
                    if fields > limits.maxFields { throw .tooManyFields(limit: limits.maxFields) }
                }
                previous = byte
            }
        }
        var segmentStart = 0
        var equals: Int?
        for index in 0...bytes.count {
            guard index == bytes.count || bytes[index] == ASCII.ampersand else {
                if equals == nil && bytes[index] == ASCII.equals { equals = index }
                continue
            }
            let nameEnd = equals ?? index
            if nameEnd - segmentStart > limits.maxNameBytes { throw .nameTooLong(limit: limits.maxNameBytes) }
            if let equals, index - equals - 1 > limits.maxValueBytes { throw .valueTooLong(limit: limits.maxValueBytes) }
            segmentStart = index + 1
            equals = nil
        }
    }
}
