import Glibc

/// Leveled logging that stays cheap on the hot path: messages are built only when their level is on,
/// access lines are buffered per event loop, errors go straight to stderr.
public struct Logger: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        case debug, info, warning, error

        /// Parses `debug`, `info`, `warning` (or `warn`) and `error`, case-insensitively.
        public init?(name: String) {
            switch name.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warning", "warn": self = .warning
            case "error": self = .error
            default: return nil
            }
        }

        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var level: Level

    public init(level: Level = .info) {
        self.level = level
    }

    /// Whether one access line per request is written (at `info` and below).
    public var logsAccess: Bool { level <= .info }

    public func log(_ messageLevel: Level, _ message: @autoclosure () -> String) {
        guard messageLevel >= level else { return }
        let line = "[\(messageLevel)] \(message())\n"
        Self.write(line, to: messageLevel >= .warning ? STDERR_FILENO : STDOUT_FILENO)
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { write($0, to: fd) }
    }

    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
