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

    public let configuration: Configuration
    private(set) var pairs: AttemptThrottle
    private(set) var addresses: AttemptThrottle
    /// Each account's failures from everywhere in the current window.
    private var accounts: [String: AttemptWindow] = [:]

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        pairs = AttemptThrottle(configuration: configuration.pairs)
        addresses = AttemptThrottle(configuration: configuration.addresses)
    }

    /// Throws `AccountError.tooManyAttempts` while this attempt must wait. `isKnownDevice`: the
    /// browser signed in to this account before, so guesses from elsewhere do not slow it down.
    public func check(account: String, address: String, isKnownDevice: Bool = false, now: Date) throws(AccountError) {
        let wait = Self.wait(
            pair: pairs.window(Self.pair(account, address)), address: addresses.window(address),
            account: accounts[Self.fold(account)], isKnownDevice: isKnownDevice, configuration: configuration, now: now)
        if let wait { throw .tooManyAttempts(retryAfterSeconds: wait) }
    }

    public mutating func recordFailure(account: String, address: String, now: Date) {
        pairs.record(Self.pair(account, address), now: now)
        addresses.record(address, now: now)
        let key = Self.fold(account)
        if var failures = accounts[key], failures.isOpen(at: now, length: configuration.window) {
            failures.attempts += 1
            failures.last = now
            accounts[key] = failures
            return
        }
        if accounts[key] == nil, accounts.count >= configuration.maxEntries {
            accounts = accounts.filter { $0.value.isOpen(at: now, length: configuration.window) }
            if accounts.count >= configuration.maxEntries, let oldest = accounts.min(by: { $0.value.start < $1.value.start })?.key {
                accounts[oldest] = nil
            }
        }
        accounts[key] = AttemptWindow(start: now, attempts: 1, last: now)
    }

    /// A correct password clears the account's failures and this address's on it; the address keeps
    /// its overall count, so one valid account cannot launder guesses against others.
    public mutating func recordSuccess(account: String, address: String) {
        pairs.reset(Self.pair(account, address))
        accounts[Self.fold(account)] = nil
    }

    var entryCount: (accounts: Int, addresses: Int) { (accounts.count, addresses.entryCount) }

    /// The rule, for failures counted anywhere (in memory here, in Redis across instances): the
    /// longest wait the three counts impose on an attempt, in whole seconds, or nil when it may go.
    static func wait(
        pair: AttemptWindow?, address: AttemptWindow?, account: AttemptWindow?, isKnownDevice: Bool,
        configuration: Configuration, now: Date
    ) -> Int? {
        var waits = [
            AttemptThrottle.retryAfter(pair, configuration: configuration.pairs, now: now),
            AttemptThrottle.retryAfter(address, configuration: configuration.addresses, now: now),
        ]
        if !isKnownDevice { waits.append(accountDelay(account, configuration: configuration, now: now)) }
        return waits.compactMap { $0 }.max()
    }

    /// Whole seconds a stranger still waits before trying an account with these failures again, or nil.
    private static func accountDelay(_ failures: AttemptWindow?, configuration: Configuration, now: Date) -> Int? {
        guard let failures, failures.isOpen(at: now, length: configuration.window),
            failures.attempts >= configuration.accountDelayAfter
        else { return nil }
        let doublings = min(failures.attempts - configuration.accountDelayAfter, 20)
        let delay = min(configuration.maxAccountDelay, Double(1 << doublings))
        let remaining = failures.last.addingTimeInterval(delay).timeIntervalSince(now)
        return remaining > 0 ? max(1, Int(remaining.rounded(.up))) : nil
    }

    /// Accounts compare case-insensitively.
    static func fold(_ account: String) -> String {
        account.lowercased()
    }

    static func pair(_ account: String, _ address: String) -> String {
        fold(account) + "\u{0}" + address
    }
}

extension LoginThrottle.Configuration {
    /// The hard limit per account and address.
    var pairs: AttemptThrottle.Configuration {
        .init(limit: maxFailuresPerAccountAndAddress, window: window, maxEntries: maxEntries)
    }

    /// The hard limit per address, across accounts.
    var addresses: AttemptThrottle.Configuration {
        .init(limit: maxFailuresPerAddress, window: window, maxEntries: maxEntries)
    }
}
