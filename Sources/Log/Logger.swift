import Glibc

/// Leveled logging that stays cheap on the hot path: messages are built only when their level is on,
/// access lines are buffered per event loop, errors go straight to stderr. Lines are plain text or,
/// for log collectors, one JSON object each.
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

    /// How each line is written.
    public enum Format: String, Sendable, CaseIterable {
        /// `[info] message`, access lines `[date] GET /path 200 1234B 0.42ms`.
        case text
        /// `{"time":"…","level":"info","message":"…"}`, access lines with one field per figure.
        case json
    }

    public var level: Level
    public var format: Format
    /// Where lines go: standard output and standard error unless a test points them elsewhere.
    package var outputFD: Int32 = STDOUT_FILENO
    package var errorFD: Int32 = STDERR_FILENO

    public init(level: Level = .info, format: Format = .text) {
        self.level = level
        self.format = format
    }

    /// A logger writing every line (errors too) to `fd`: for tests that read the log back.
    public init(level: Level = .info, format: Format = .text, fd: Int32) {
        self.init(level: level, format: format)
        outputFD = fd
        errorFD = fd
    }

    /// Whether one access line per request is written (at `info` and below).
    public var logsAccess: Bool { level <= .info }

    public func log(_ messageLevel: Level, _ message: @autoclosure () -> String) {
        guard messageLevel >= level else { return }
        let fd = messageLevel >= .warning ? errorFD : outputFD
        switch format {
        case .text:
            Self.write("[\(messageLevel)] \(message())\n", to: fd)
        case .json:
            var timestamp = LogTimestamp()
            var line: [UInt8] = [UInt8(ascii: "{")]
            JSONString.append(key: "time", timestamp.current(), to: &line)
            line.append(UInt8(ascii: ","))
            JSONString.append(key: "level", messageLevel.description, to: &line)
            line.append(UInt8(ascii: ","))
            JSONString.append(key: "message", message(), to: &line)
            line.append(contentsOf: "}\n".utf8)
            line.withUnsafeBufferPointer { Self.write($0, to: fd) }
        }
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    package static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { write($0, to: fd) }
    }

    package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
