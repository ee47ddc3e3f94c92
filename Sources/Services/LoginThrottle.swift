#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models

/// Limits failed sign-ins without letting a stranger lock the owner out. Pure state: the time
/// comes in with every call.
///
/// - Per account and address: a hard limit, so one client guessing one account stops there.
/// - Per address: a hard limit across accounts, so one client cannot spray guesses over many.
/// - Per account, from everywhere: no lock-out, but once many addresses have failed, each further
///   attempt on the account waits a delay that doubles with every failure (up to a cap). A device
///   that signed in to the account before is never made to wait by that delay.
public struct LoginThrottle: Sendable {
    public struct Configuration: Sendable {
        /// Failures of one address on one account.
        public var maxFailuresPerAccountAndAddress: Int
        public var maxFailuresPerAddress: Int
        /// Failures on one account, from any address, before the growing delay starts.
        public var accountDelayAfter: Int
        /// The longest delay a stranger waits between attempts on one account.
        public var maxAccountDelay: TimeInterval
        public var window: TimeInterval
        /// Entries kept per kind; beyond it the oldest window is forgotten, so a flood of
        /// made-up usernames cannot exhaust memory.
        public var maxEntries: Int

        public init(
            maxFailuresPerAccountAndAddress: Int = 5, maxFailuresPerAddress: Int = 20, accountDelayAfter: Int = 10,
            maxAccountDelay: TimeInterval = 15 * 60, window: TimeInterval = 15 * 60, maxEntries: Int = 10_000
        ) {
            self.maxFailuresPerAccountAndAddress = maxFailuresPerAccountAndAddress
            self.maxFailuresPerAddress = maxFailuresPerAddress
            self.accountDelayAfter = max(1, accountDelayAfter)
            self.maxAccountDelay = maxAccountDelay
            self.window = window
            self.maxEntries = max(1, maxEntries)
        }
    }

    /// One account's failures from everywhere in the current window.
    struct AccountFailures: Sendable {
        var count: Int
        var first: Date
        var last: Date
    }

    public let configuration: Configuration
    private(set) var pairs: AttemptThrottle
    private(set) var addresses: AttemptThrottle
    private var accounts: [String: AccountFailures] = [:]

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        pairs = AttemptThrottle(configuration: .init(
            limit: configuration.maxFailuresPerAccountAndAddress, window: configuration.window,
            maxEntries: configuration.maxEntries))
        addresses = AttemptThrottle(configuration: .init(
            limit: configuration.maxFailuresPerAddress, window: configuration.window, maxEntries: configuration.maxEntries))
    }

    /// Throws `AccountError.tooManyAttempts` while this attempt must wait. `isKnownDevice`: the
    /// browser signed in to this account before, so guesses from elsewhere do not slow it down.
    public func check(account: String, address: String, isKnownDevice: Bool = false, now: Date) throws(AccountError) {
        var waits = [pairs.retryAfter(Self.pair(account, address), now: now), addresses.retryAfter(address, now: now)]
        if !isKnownDevice { waits.append(accountDelay(Self.fold(account), now: now)) }
        if let longest = waits.compactMap({ $0 }).max() { throw .tooManyAttempts(retryAfterSeconds: longest) }
    }

    public mutating func recordFailure(account: String, address: String, now: Date) {
        pairs.record(Self.pair(account, address), now: now)
        addresses.record(address, now: now)
        let key = Self.fold(account)
        if var failures = accounts[key], now.timeIntervalSince(failures.first) < configuration.window {
            failures.count += 1
            failures.last = now
            accounts[key] = failures
            return
        }
        if accounts[key] == nil, accounts.count >= configuration.maxEntries {
            accounts = accounts.filter { now.timeIntervalSince($0.value.first) < configuration.window }
            if accounts.count >= configuration.maxEntries, let oldest = accounts.min(by: { $0.value.first < $1.value.first })?.key {
                accounts[oldest] = nil
            }
        }
        accounts[key] = AccountFailures(count: 1, first: now, last: now)
    }

    /// A correct password clears the account's failures and this address's on it; the address keeps
    /// its overall count, so one valid account cannot launder guesses against others.
    public mutating func recordSuccess(account: String, address: String) {
        pairs.reset(Self.pair(account, address))
        accounts[Self.fold(account)] = nil
    }

    var entryCount: (accounts: Int, addresses: Int) { (accounts.count, addresses.entryCount) }

    /// Whole seconds a stranger still waits before trying `account` again, or nil.
    private func accountDelay(_ account: String, now: Date) -> Int? {
        guard let failures = accounts[account], now.timeIntervalSince(failures.first) < configuration.window,
            failures.count >= configuration.accountDelayAfter
        else { return nil }
        let doublings = min(failures.count - configuration.accountDelayAfter, 20)
        let delay = min(configuration.maxAccountDelay, Double(1 << doublings))
        let remaining = failures.last.addingTimeInterval(delay).timeIntervalSince(now)
        return remaining > 0 ? max(1, Int(remaining.rounded(.up))) : nil
    }

    private static func fold(_ account: String) -> String {
        account.lowercased()
    }

    private static func pair(_ account: String, _ address: String) -> String {
        fold(account) + "\u{0}" + address
    }
}
