#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where `ThrottledAccounts` counts attempts: in this instance's memory (`MemoryAccountThrottles`)
/// or in Redis (`RedisAccountThrottles`), so that every instance sees every attempt. Both apply the
/// same rules (`LoginThrottle.wait`, `AttemptThrottle.retryAfter`); refusals are
/// `AccountError.tooManyAttempts`, and the Redis one also throws `RedisError` when it cannot count.
public protocol AccountThrottles: Sendable {
    /// Throws while a sign-in to `account` from `address` must wait.
    func checkSignIn(account: String, address: String, isKnownDevice: Bool, now: Date) throws
    func recordSignInFailure(account: String, address: String, now: Date) throws
    /// Clears the account's failures and this address's on it (not the address's overall count).
    func recordSignInSuccess(account: String, address: String) throws
    /// Throws while `address` is over the limit of `kind`.
    func check(_ kind: ThrottleKind, address: String, now: Date) throws
    /// Counts one attempt of `kind`.
    func record(_ kind: ThrottleKind, address: String, now: Date) throws
    /// Checks, then counts: for operations where every attempt costs.
    func attempt(_ kind: ThrottleKind, address: String, now: Date) throws
}
