import Foundation

/// Mail delivery for a server without a mail relay: each message becomes a file in a directory
/// that an operator (or a test, or a relay script) reads.
public struct Outbox: Sendable {
    public let directory: String
    private let clock: @Sendable () -> Date

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clock = clock
    }

    /// Writes the message as `<milliseconds>-<random>.txt` (atomically) and returns its path.
    @discardableResult
    public func send(_ message: OutboxMessage) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let now = clock()
        let name = "\(Int64(now.timeIntervalSince1970 * 1000))-\(ByteEncoding.hex(SecureRandom.bytes(4))).txt"
        let path = directory + "/" + name
        let text = """
            To: \(Self.headerValue(message.to))
            Subject: \(Self.headerValue(message.subject))
            Date: \(now.formatted(.iso8601))

            \(message.body)

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }

    /// Paths of the messages waiting, oldest first.
    public func messagePaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted().map { directory + "/" + $0 }
    }

    /// A header value on one line: a newline in an address must not smuggle in headers.
    private static func headerValue(_ value: String) -> String {
        String(value.map { $0.isNewline ? " " : $0 })
    }
}
