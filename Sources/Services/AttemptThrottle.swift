#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models

/// Counts attempts per key (a client address, an account) within a fixed window and refuses a key
/// that reached its limit until its window ends. Pure state: the time comes in with every call, so
/// tests drive it without waiting.
public struct AttemptThrottle: Sendable {
    public struct Configuration: Sendable {
        public var limit: Int
        public var window: TimeInterval
        /// Keys remembered; beyond it expired windows go first, then the oldest, so a flood of
        /// made-up keys cannot exhaust memory.
        public var maxEntries: Int

        public init(limit: Int, window: TimeInterval = 15 * 60, maxEntries: Int = 10_000) {
            self.limit = max(1, limit)
            self.window = window
            self.maxEntries = max(1, maxEntries)
        }
    }

    public let configuration: Configuration
    private var windows: [String: AttemptWindow] = [:]

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Whole seconds until `key` may try again (at least 1), or nil while it is under its limit.
    public func retryAfter(_ key: String, now: Date) -> Int? {
        Self.retryAfter(windows[key], configuration: configuration, now: now)
    }

    /// The rule itself, for windows counted anywhere (in memory here, in Redis across instances):
    /// whole seconds until a key whose window is `window` may try again, or nil while it is under
    /// the limit or its window has ended.
    public static func retryAfter(_ window: AttemptWindow?, configuration: Configuration, now: Date) -> Int? {
        guard let window, window.attempts >= configuration.limit else { return nil }
        let remaining = window.start.addingTimeInterval(configuration.window).timeIntervalSince(now)
        return remaining > 0 ? max(1, Int(remaining.rounded(.up))) : nil
    }

    /// The key's window as counted so far (open or not).
    func window(_ key: String) -> AttemptWindow? {
        windows[key]
    }

    /// Throws `AccountError.tooManyAttempts` while `key` is over its limit.
    public func check(_ key: String, now: Date) throws(AccountError) {
        if let seconds = retryAfter(key, now: now) { throw .tooManyAttempts(retryAfterSeconds: seconds) }
    }

    /// Counts one attempt, opening a new window when the last one ended.
    public mutating func record(_ key: String, now: Date) {
        if let window = windows[key], isOpen(window, at: now) {
            windows[key]?.attempts = window.attempts + 1
            windows[key]?.last = now
            return
        }
        if windows[key] == nil, windows.count >= configuration.maxEntries {
            windows = windows.filter { isOpen($0.value, at: now) }
            if windows.count >= configuration.maxEntries,
                let oldest = windows.min(by: { $0.value.start < $1.value.start })?.key {
                windows[oldest] = nil
            }
        }
        windows[key] = AttemptWindow(start: now, attempts: 1, last: now)
    }

    /// Checks, then counts: for operations where every attempt costs, not only the failed ones.
    public mutating func attempt(_ key: String, now: Date) throws(AccountError) {
        try check(key, now: now)
        record(key, now: now)
    }

    /// Forgets `key`'s attempts (a success that proves the earlier failures harmless).
    public mutating func reset(_ key: String) {
        windows[key] = nil
    }

    var entryCount: Int { windows.count }

    private func isOpen(_ window: AttemptWindow, at now: Date) -> Bool {
        window.isOpen(at: now, length: configuration.window)
    }
}
