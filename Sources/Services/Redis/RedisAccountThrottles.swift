#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient

/// The throttles' counts in Redis, shared by every instance: five wrong passwords spread over
/// three instances are five. The rules are the in-memory ones (`LoginThrottle.wait`,
/// `AttemptThrottle.retryAfter`) applied to windows read from Redis; each check or count is one
/// pipelined round trip. These calls block: workers only (a sign-in's also park on an event loop:
/// `RedisAccountThrottles+Loop`).
public final class RedisAccountThrottles: AccountThrottles {
    let pool: RedisPool
    let windows: RedisAttemptWindows
    let configuration: ThrottledAccounts.Configuration

    public init(pool: RedisPool, configuration: ThrottledAccounts.Configuration, windows: RedisAttemptWindows = .init()) {
        self.pool = pool
        self.configuration = configuration
        self.windows = windows
    }

    static let pairKind = "sign-in-pair"
    static let addressKind = "sign-in-address"
    static let accountKind = "sign-in-account"

    public func checkSignIn(account: String, address: String, isKnownDevice: Bool, now: Date) throws {
        let replies = try pool.pipeline(signInReads(account: account, address: address))
        if let wait = try signInWait(replies, isKnownDevice: isKnownDevice, now: now) {
            throw AccountError.tooManyAttempts(retryAfterSeconds: wait)
        }
    }

    public func recordSignInFailure(account: String, address: String, now: Date) throws {
        try Self.checkCounted(try pool.pipeline(signInFailures(account: account, address: address, now: now)), succeeded: false)
    }

    public func recordSignInSuccess(account: String, address: String) throws {
        try Self.checkCounted(try pool.pipeline(signInResets(account: account, address: address)), succeeded: true)
    }

    public func check(_ kind: ThrottleKind, address: String, now: Date) throws {
        let window = try RedisAttemptWindows.window(from: try pool.send(windows.read(kind.rawValue, key: address)))
        if let wait = AttemptThrottle.retryAfter(window, configuration: configuration[kind], now: now) {
            throw AccountError.tooManyAttempts(retryAfterSeconds: wait)
        }
    }

    public func record(_ kind: ThrottleKind, address: String, now: Date) throws {
        _ = try RedisAttemptWindows.window(from: try pool.send(
            windows.record(kind.rawValue, key: address, now: now, length: configuration[kind].window)))
    }

    /// Counts first, then decides on the count (one round trip, and two instances cannot both
    /// take the last attempt): the attempt may go when the window, itself included, is within the
    /// limit. A refused attempt is counted too, which changes nothing: the window's end stays put.
    public func attempt(_ kind: ThrottleKind, address: String, now: Date) throws {
        let limits = configuration[kind]
        let window = try RedisAttemptWindows.window(from: try pool.send(
            windows.record(kind.rawValue, key: address, now: now, length: limits.window)))
        guard let window, window.attempts > limits.limit else { return }
        throw AccountError.tooManyAttempts(retryAfterSeconds: AttemptThrottle.retryAfter(window, configuration: limits, now: now) ?? 1)
    }
}
