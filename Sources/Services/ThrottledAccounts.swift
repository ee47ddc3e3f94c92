#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models

/// The account operations anyone can start, each behind a throttle keyed by the client's address
/// (sign-in also by account). A refused attempt costs neither a hash nor a write, and the refusal
/// is `AccountError.tooManyAttempts`, which forms turn into 429 with `Retry-After`.
public final class ThrottledAccounts: Sendable {
    public struct Configuration: Sendable {
        /// Failed sign-ins, per account and address, per address, and per account (a growing delay).
        public var login: LoginThrottle.Configuration
        /// Every registration attempt counts: a free name costs a slow hash, a taken one tells
        /// whether it exists.
        public var registrations: AttemptThrottle.Configuration
        /// Every reset request counts: a known address costs a write and a mail.
        public var resetRequests: AttemptThrottle.Configuration
        /// Reset submissions with an invalid or expired token.
        public var resetTokenFailures: AttemptThrottle.Configuration

        public init(
            login: LoginThrottle.Configuration = .init(),
            registrations: AttemptThrottle.Configuration = .init(limit: 10),
            resetRequests: AttemptThrottle.Configuration = .init(limit: 5),
            resetTokenFailures: AttemptThrottle.Configuration = .init(limit: 10)
        ) {
            self.login = login
            self.registrations = registrations
            self.resetRequests = resetRequests
            self.resetTokenFailures = resetTokenFailures
        }
    }

    /// The accounts behind the throttles, for the calls nobody needs to throttle.
    public let accounts: any AccountRepository
    /// Where attempts are counted: this instance's memory, or Redis when instances share it.
    let throttles: any AccountThrottles
    let clock: @Sendable () -> Date

    /// `throttles` defaults to counting in memory with `configuration`'s limits.
    public init(
        accounts: any AccountRepository, configuration: Configuration = .init(),
        throttles: (any AccountThrottles)? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.accounts = accounts
        self.throttles = throttles ?? MemoryAccountThrottles(configuration: configuration)
        self.clock = clock
    }

    /// Failures count against the account, the address and the pair (see `LoginThrottle`); a known
    /// device (one that signed in to this account before) is not slowed down by others' failures.
    public func authenticate(
        username: String, password: String, clientAddress: String, isKnownDevice: Bool = false
    ) throws -> User {
        try throttles.checkSignIn(account: username, address: clientAddress, isKnownDevice: isKnownDevice, now: clock())
        do {
            let user = try accounts.authenticate(username: username, password: password)
            try throttles.recordSignInSuccess(account: username, address: clientAddress)
            return user
        } catch AccountError.invalidCredentials {
            try throttles.recordSignInFailure(account: username, address: clientAddress, now: clock())
            throw AccountError.invalidCredentials
        }
    }

    public func register(username: String, email: String, password: String, clientAddress: String) throws -> User {
        try throttles.attempt(.registration, address: clientAddress, now: clock())
        return try accounts.register(username: username, email: email, password: password)
    }

    public func requestPasswordReset(email: String, clientAddress: String) throws {
        try throttles.attempt(.resetRequest, address: clientAddress, now: clock())
        try accounts.requestPasswordReset(email: email)
    }

    public func resetPassword(token: String, newPassword: String, clientAddress: String) throws -> User {
        try throttles.check(.resetToken, address: clientAddress, now: clock())
        do {
            return try accounts.resetPassword(token: token, newPassword: newPassword)
        } catch AccountError.invalidOrExpiredToken {
            try throttles.record(.resetToken, address: clientAddress, now: clock())
            throw AccountError.invalidOrExpiredToken
        }
    }
}
