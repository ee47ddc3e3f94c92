import Foundation
import Models

/// Limits failed sign-ins per account and per client address within a fixed window. Pure state:
/// the time comes in with every call, so tests drive it without waiting.
public struct LoginThrottle: Sendable {
    public struct Configuration: Sendable {
        public var maxFailuresPerAccount: Int
        public var maxFailuresPerAddress: Int
        public var window: TimeInterval
        /// Entries kept per kind; beyond it the oldest window is forgotten, so a flood of
        /// made-up usernames cannot exhaust memory.
        public var maxEntries: Int

        public init(
            maxFailuresPerAccount: Int = 5, maxFailuresPerAddress: Int = 20, window: TimeInterval = 15 * 60,
            maxEntries: Int = 10_000
        ) {
            self.maxFailuresPerAccount = maxFailuresPerAccount
            self.maxFailuresPerAddress = maxFailuresPerAddress
            self.window = window
            self.maxEntries = max(1, maxEntries)
        }
    }

    struct Window: Sendable {
        var start: Date
        var failures: Int
    }

    public let configuration: Configuration
    private(set) var accounts: [String: Window] = [:]
    private(set) var addresses: [String: Window] = [:]

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Throws `AccountError.tooManyAttempts` while the account or the address is locked out.
    public func check(account: String, address: String, now: Date) throws(AccountError) {
        let waits = [
            retryAfter(accounts[Self.fold(account)], limit: configuration.maxFailuresPerAccount, now: now),
            retryAfter(addresses[address], limit: configuration.maxFailuresPerAddress, now: now),
        ].compactMap { $0 }
        if let longest = waits.max() { throw .tooManyAttempts(retryAfterSeconds: longest) }
    }

    public mutating func recordFailure(account: String, address: String, now: Date) {
        Self.count(Self.fold(account), in: &accounts, now: now, configuration: configuration)
        Self.count(address, in: &addresses, now: now, configuration: configuration)
    }

    /// A correct password clears the account's failures; the address keeps its count, so one
    /// valid account cannot launder guesses against others.
    public mutating func recordSuccess(account: String) {
        accounts[Self.fold(account)] = nil
    }

    var entryCount: (accounts: Int, addresses: Int) { (accounts.count, addresses.count) }

    private func retryAfter(_ window: Window?, limit: Int, now: Date) -> Int? {
        guard let window, window.failures >= limit else { return nil }
        let remaining = window.start.addingTimeInterval(configuration.window).timeIntervalSince(now)
        return remaining > 0 ? max(1, Int(remaining.rounded(.up))) : nil
    }

    private static func count(_ key: String, in windows: inout [String: Window], now: Date, configuration: Configuration) {
        if let window = windows[key], now.timeIntervalSince(window.start) < configuration.window {
            windows[key]?.failures = window.failures + 1
            return
        }
        if windows[key] == nil, windows.count >= configuration.maxEntries {
            windows = windows.filter { now.timeIntervalSince($0.value.start) < configuration.window }
            if windows.count >= configuration.maxEntries,
                let oldest = windows.min(by: { $0.value.start < $1.value.start })?.key {
                windows[oldest] = nil
            }
        }
        windows[key] = Window(start: now, failures: 1)
    }

    private static func fold(_ account: String) -> String {
        account.lowercased()
    }
}
