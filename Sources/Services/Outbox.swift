#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Mail delivery for a server without a mail relay: each message becomes a file in a directory
/// that an operator (or a test, or a relay script) reads. Messages hold reset links, so the folder
/// is 0700 and each message 0600.
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
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let now = clock()
        let name = "\(Int64(now.timeIntervalSince1970 * 1000))-\(ByteEncoding.hex(SecureRandom.bytes(4))).txt"
        let path = directory + "/" + name
        let text = """
            To: \(Self.headerValue(message.to))
            Subject: \(Self.headerValue(message.subject))
            Date: \(now.formatted(.iso8601))

            \(message.body)

            """
        // Reset links are credentials: the owner's alone, whatever the umask (which start-up also tightens).
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw WriteFailed(path: path)
        }
        return path
    }

    /// A message file that could not be created (full disk, folder not writable): names the file.
    public struct WriteFailed: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "could not write the mail \(path)" }
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
