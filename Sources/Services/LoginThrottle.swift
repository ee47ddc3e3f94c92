import Foundation
import Models

/// Limits failed sign-ins per account and per client address within a fixed window: two
/// `AttemptThrottle`s that count failures only. Pure state: the time comes in with every call.
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

    public let configuration: Configuration
    private(set) var accounts: AttemptThrottle
    private(set) var addresses: AttemptThrottle

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        accounts = AttemptThrottle(configuration: .init(
            limit: configuration.maxFailuresPerAccount, window: configuration.window, maxEntries: configuration.maxEntries))
        addresses = AttemptThrottle(configuration: .init(
            limit: configuration.maxFailuresPerAddress, window: configuration.window, maxEntries: configuration.maxEntries))
    }

    /// Throws `AccountError.tooManyAttempts` while the account or the address is locked out.
    public func check(account: String, address: String, now: Date) throws(AccountError) {
        let waits = [accounts.retryAfter(Self.fold(account), now: now), addresses.retryAfter(address, now: now)]
        if let longest = waits.compactMap({ $0 }).max() { throw .tooManyAttempts(retryAfterSeconds: longest) }
    }

    public mutating func recordFailure(account: String, address: String, now: Date) {
        accounts.record(Self.fold(account), now: now)
        addresses.record(address, now: now)
    }

    /// A correct password clears the account's failures; the address keeps its count, so one
    /// valid account cannot launder guesses against others.
    public mutating func recordSuccess(account: String) {
        accounts.reset(Self.fold(account))
    }

    var entryCount: (accounts: Int, addresses: Int) { (accounts.entryCount, addresses.entryCount) }

    private static func fold(_ account: String) -> String {
        account.lowercased()
    }
}
