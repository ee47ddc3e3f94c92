extension PercentEncoding {
    /// A set of ASCII bytes left as they are by `encode`; everything else is escaped.
    public struct Allowed: Sendable, Hashable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        /// The ASCII characters of `characters`; non-ASCII characters are always escaped.
        public init(_ characters: String) {
            for byte in characters.utf8 where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        public func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
            return false
        }

        public func union(_ other: Allowed) -> Allowed {
            var result = self
            result.low |= other.low
            result.high |= other.high
            return result
        }

        private static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

        /// RFC 3986 unreserved: safe anywhere in a URL.
        public static let unreserved = Allowed(alphanumerics + "-._~")
        /// One path segment: `/` is escaped so a value cannot add segments.
        public static let pathSegment = Allowed(alphanumerics + "-._~!$&'()*+,;=:@")
        /// A query name or value: `&`, `=`, `+` and `#` are escaped so a value cannot add parameters.
        public static let queryValue = Allowed(alphanumerics + "-._~!$'()*,;:@/?")
        /// What application/x-www-form-urlencoded leaves as is (space becomes `+` separately).
        static let formValue = Allowed(alphanumerics + "*-._")
    }
}
