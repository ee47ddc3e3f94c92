#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import Synchronization

/// The throttles' counts in this instance's memory: right when it is the only instance.
public final class MemoryAccountThrottles: AccountThrottles {
    private let login: Mutex<LoginThrottle>
    private let registrations: Mutex<AttemptThrottle>
    private let resetRequests: Mutex<AttemptThrottle>
    private let resetTokens: Mutex<AttemptThrottle>

    public init(configuration: ThrottledAccounts.Configuration) {
        login = Mutex(LoginThrottle(configuration: configuration.login))
        registrations = Mutex(AttemptThrottle(configuration: configuration.registrations))
        resetRequests = Mutex(AttemptThrottle(configuration: configuration.resetRequests))
        resetTokens = Mutex(AttemptThrottle(configuration: configuration.resetTokenFailures))
    }

    public func checkSignIn(account: String, address: String, isKnownDevice: Bool, now: Date) throws {
        try login.withLock { try $0.check(account: account, address: address, isKnownDevice: isKnownDevice, now: now) }
    }

    public func recordSignInFailure(account: String, address: String, now: Date) {
        login.withLock { $0.recordFailure(account: account, address: address, now: now) }
    }

    public func recordSignInSuccess(account: String, address: String) {
        login.withLock { $0.recordSuccess(account: account, address: address) }
    }

    public func check(_ kind: ThrottleKind, address: String, now: Date) throws {
        try withThrottle(kind) { throttle throws(AccountError) in try throttle.check(address, now: now) }
    }

    public func record(_ kind: ThrottleKind, address: String, now: Date) {
        withThrottle(kind) { $0.record(address, now: now) }
    }

    public func attempt(_ kind: ThrottleKind, address: String, now: Date) throws {
        try withThrottle(kind) { throttle throws(AccountError) in try throttle.attempt(address, now: now) }
    }

    private func withThrottle<Failure: Error>(
        _ kind: ThrottleKind, _ body: (inout AttemptThrottle) throws(Failure) -> Void
    ) throws(Failure) {
        switch kind {
        case .registration: try registrations.withLock { throttle throws(Failure) in try body(&throttle) }
        case .resetRequest: try resetRequests.withLock { throttle throws(Failure) in try body(&throttle) }
        case .resetToken: try resetTokens.withLock { throttle throws(Failure) in try body(&throttle) }
        }
    }
}

extension ThrottledAccounts.Configuration {
    /// The limit and window of `kind`.
    subscript(kind: ThrottleKind) -> AttemptThrottle.Configuration {
        switch kind {
        case .registration: registrations
        case .resetRequest: resetRequests
        case .resetToken: resetTokenFailures
        }
    }
}
