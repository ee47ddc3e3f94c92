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
/// pipelined round trip. Calls block: workers only.
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
        let replies = try pool.pipeline([
            windows.read(Self.pairKind, key: LoginThrottle.pair(account, address)),
            windows.read(Self.addressKind, key: address),
            windows.read(Self.accountKind, key: LoginThrottle.fold(account)),
        ])
        let counted = try replies.map(RedisAttemptWindows.window(from:))
        let wait = LoginThrottle.wait(
            pair: counted[0], address: counted[1], account: counted[2], isKnownDevice: isKnownDevice,
            configuration: configuration.login, now: now)
        if let wait { throw AccountError.tooManyAttempts(retryAfterSeconds: wait) }
    }

    public func recordSignInFailure(account: String, address: String, now: Date) throws {
        let length = configuration.login.window
        let replies = try pool.pipeline([
            windows.record(Self.pairKind, key: LoginThrottle.pair(account, address), now: now, length: length),
            windows.record(Self.addressKind, key: address, now: now, length: length),
            windows.record(Self.accountKind, key: LoginThrottle.fold(account), now: now, length: length),
        ])
        for reply in replies { _ = try RedisAttemptWindows.window(from: reply) }
    }

    public func recordSignInSuccess(account: String, address: String) throws {
        let replies = try pool.pipeline([
            windows.reset(Self.pairKind, key: LoginThrottle.pair(account, address)),
            windows.reset(Self.accountKind, key: LoginThrottle.fold(account)),
        ])
        if let message = replies.compactMap(\.errorMessage).first { throw RedisError.server(message) }
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
