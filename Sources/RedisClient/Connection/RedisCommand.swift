/// One command and its arguments, each sent as a bulk string: `RedisCommand("SET", key, value)`.
public struct RedisCommand: Sendable, Hashable, CustomStringConvertible {
    public var arguments: [[UInt8]]

    public init(arguments: [[UInt8]]) {
        precondition(!arguments.isEmpty, "a Redis command needs at least its name")
        self.arguments = arguments
    }

    public init(_ name: String, _ arguments: String...) {
        self.init(arguments: [Array(name.utf8)] + arguments.map { Array($0.utf8) })
    }

    public init(_ words: [String]) {
        self.init(arguments: words.map { Array($0.utf8) })
    }

    /// The command name with binary arguments: `RedisCommand("SET", [Array("k".utf8), payload])`.
    public init(_ name: String, _ arguments: [[UInt8]]) {
        self.init(arguments: [Array(name.utf8)] + arguments)
    }

    /// The name alone, so that logs never carry keys, values or passwords.
    public var name: String { String(decoding: arguments[0], as: UTF8.self).uppercased() }

    public var description: String { "\(name) (\(arguments.count - 1) arguments)" }

    func encode(into buffer: inout [UInt8]) {
        RESPEncoder.encode(arguments, into: &buffer)
    }
}
