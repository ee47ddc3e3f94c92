extension RESPValue {
    /// The text of a simple or bulk string (bulk bytes decoded as UTF-8, invalid sequences replaced).
    public var string: String? {
        switch self {
        case .simpleString(let text): text
        case .bulkString(let bytes): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// The bytes of a bulk or simple string.
    public var bytes: [UInt8]? {
        switch self {
        case .bulkString(let bytes): bytes
        case .simpleString(let text): Array(text.utf8)
        default: nil
        }
    }

    public var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    public var array: [RESPValue]? {
        if case .array(let values) = self { values } else { nil }
    }

    public var isNull: Bool { self == .null }

    /// The message of an error reply.
    public var errorMessage: String? {
        if case .error(let message) = self { message } else { nil }
    }
}
