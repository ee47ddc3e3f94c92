import Foundation
import Models
import Synchronization

/// Sign-in with the throttle in front: a locked-out account or address is refused before any
/// hashing, failures are counted, success clears the account's count.
public final class ThrottledLogin: Sendable {
    private let accounts: any AccountRepository
    private let throttle: Mutex<LoginThrottle>
    private let clock: @Sendable () -> Date

    public init(
        accounts: any AccountRepository, configuration: LoginThrottle.Configuration = .init(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.accounts = accounts
        self.throttle = Mutex(LoginThrottle(configuration: configuration))
        self.clock = clock
    }

    public func authenticate(username: String, password: String, clientAddress: String) throws -> User {
        try throttle.withLock { try $0.check(account: username, address: clientAddress, now: clock()) }
        do {
            let user = try accounts.authenticate(username: username, password: password)
            throttle.withLock { $0.recordSuccess(account: username) }
            return user
        } catch AccountError.invalidCredentials {
            throttle.withLock { $0.recordFailure(account: username, address: clientAddress, now: clock()) }
            throw AccountError.invalidCredentials
        }
    }
}
