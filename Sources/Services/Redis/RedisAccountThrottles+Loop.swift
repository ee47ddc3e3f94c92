#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient

/// The sign-in throttles for a request parked on its event loop: the same round trips as the
/// blocking calls, sent through `RedisSend` (the loop's connection); `completion` runs once, on
/// the loop. Each returns false when nothing was sent (no connection ready): then the caller takes
/// the blocking path.
extension RedisAccountThrottles {
    public func checkSignIn(
        account: String, address: String, isKnownDevice: Bool, now: Date, through send: RedisSend,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> Bool {
        send(signInReads(account: account, address: address)) { [self] replies in
            completion(Result {
                let wait = try signInWait(try replies.get(), isKnownDevice: isKnownDevice, now: now)
                if let wait { throw AccountError.tooManyAttempts(retryAfterSeconds: wait) }
            })
        }
    }

    /// Counts a failed sign-in (`succeeded` false) or clears the account's failures: nil once counted.
    public func recordSignIn(
        succeeded: Bool, account: String, address: String, now: Date, through send: RedisSend,
        completion: @escaping ((any Error)?) -> Void
    ) -> Bool {
        let commands =
            succeeded
            ? signInResets(account: account, address: address) : signInFailures(account: account, address: address, now: now)
        return send(commands) { replies in
            do {
                try Self.checkCounted(try replies.get(), succeeded: succeeded)
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    /// The three windows a sign-in's wait is read from: the pair, the address, the account.
    func signInReads(account: String, address: String) -> [RedisCommand] {
        [
            windows.read(Self.pairKind, key: LoginThrottle.pair(account, address)),
            windows.read(Self.addressKind, key: address),
            windows.read(Self.accountKind, key: LoginThrottle.fold(account)),
        ]
    }

    /// The wait the replies to `signInReads` impose, in whole seconds, or nil.
    func signInWait(_ replies: [RESPValue], isKnownDevice: Bool, now: Date) throws -> Int? {
        let counted = try replies.map(RedisAttemptWindows.window(from:))
        guard counted.count == 3 else { throw RedisError.server("unexpected throttle replies \(replies)") }
        return LoginThrottle.wait(
            pair: counted[0], address: counted[1], account: counted[2], isKnownDevice: isKnownDevice,
            configuration: configuration.login, now: now)
    }

    func signInFailures(account: String, address: String, now: Date) -> [RedisCommand] {
        let length = configuration.login.window
        return [
            windows.record(Self.pairKind, key: LoginThrottle.pair(account, address), now: now, length: length),
            windows.record(Self.addressKind, key: address, now: now, length: length),
            windows.record(Self.accountKind, key: LoginThrottle.fold(account), now: now, length: length),
        ]
    }

    /// A success clears the pair's and the account's failures; the address keeps its count.
    func signInResets(account: String, address: String) -> [RedisCommand] {
        [
            windows.reset(Self.pairKind, key: LoginThrottle.pair(account, address)),
            windows.reset(Self.accountKind, key: LoginThrottle.fold(account)),
        ]
    }

    /// Throws what the replies to `signInFailures` or `signInResets` say went wrong.
    static func checkCounted(_ replies: [RESPValue], succeeded: Bool) throws {
        if succeeded {
            if let message = replies.compactMap(\.errorMessage).first { throw RedisError.server(message) }
        } else {
            for reply in replies { _ = try RedisAttemptWindows.window(from: reply) }
        }
    }
}

extension RedisAccountThrottles {
    /// `attempt` for a request parked on its event loop: counted first, then decided on the count;
    /// `AccountError.tooManyAttempts` through `completion` when over the limit. False when nothing was sent.
    public func attempt(
        _ kind: ThrottleKind, address: String, now: Date, through send: RedisSend,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> Bool {
        let limits = configuration[kind]
        return send([windows.record(kind.rawValue, key: address, now: now, length: limits.window)]) { result in
            completion(Result {
                guard let reply = try result.get().first else { throw RedisError.server("no reply") }
                let window = try RedisAttemptWindows.window(from: reply)
                guard let window, window.attempts > limits.limit else { return }
                throw AccountError.tooManyAttempts(
                    retryAfterSeconds: AttemptThrottle.retryAfter(window, configuration: limits, now: now) ?? 1)
            })
        }
    }
}

extension RedisAccountThrottles {
    /// `check` for a request parked on its event loop: `AccountError.tooManyAttempts` through
    /// `completion` while the address must wait. False when nothing was sent.
    public func check(
        _ kind: ThrottleKind, address: String, now: Date, through send: RedisSend,
        completion: @escaping (Result<Void, any Error>) -> Void
    ) -> Bool {
        send([windows.read(kind.rawValue, key: address)]) { [configuration] result in
            completion(Result {
                let window = try RedisAttemptWindows.window(from: try RedisStore.only(result))
                if let wait = AttemptThrottle.retryAfter(window, configuration: configuration[kind], now: now) {
                    throw AccountError.tooManyAttempts(retryAfterSeconds: wait)
                }
            })
        }
    }

    /// `record` for a request parked on its event loop: nil through `completion` once counted.
    /// False when nothing was sent.
    public func record(
        _ kind: ThrottleKind, address: String, now: Date, through send: RedisSend, completion: @escaping ((any Error)?) -> Void
    ) -> Bool {
        send([windows.record(kind.rawValue, key: address, now: now, length: configuration[kind].window)]) { result in
            do {
                _ = try RedisAttemptWindows.window(from: try RedisStore.only(result))
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }
}
