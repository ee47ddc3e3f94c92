#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient
import Storage

extension AccountService {
    /// Answers at once and the same way for every address: the look-up, the token's write (an fsync)
    /// and the mail run later on `background`, so neither the outcome nor the time to answer tells
    /// whether an account exists. Doing equal work for unknown addresses instead would mean writing
    /// decoy tokens and mails, and still leave the disk's jitter to tell them apart. A failure back
    /// there is logged: the caller already has its answer, and an error only a known address could
    /// cause must not reach it anyway.
    ///
    /// With a shared queue (Redis) the request is queued there first, for any instance to claim;
    /// that write is the same for every address, and throws only when Redis cannot take it.
    public func requestPasswordReset(email: String) throws {
        guard let resetQueue else {
            return background { [self] in
                do {
                    try sendResetMail(to: email)
                } catch {
                    log("password reset mail failed: \(error)")
                }
            }
        }
        if !(try resetQueue.enqueue(email: email)) {
            log("reset queue full (\(resetQueue.capacity) waiting); a reset request was dropped")
        }
        scheduleDelivery()
    }

    /// Runs `deliverQueuedResets` on `background` soon, unless a run is already waiting to start
    /// (it will find this request too).
    public func scheduleDelivery() {
        guard resetQueue != nil, !deliveryScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        background { [self] in
            deliveryScheduled.store(false, ordering: .releasing)
            deliverQueuedResets()
        }
    }

    /// Claims queued reset requests until none waits, whichever instance queued them, and mails
    /// each from here. Without a shared queue, does nothing. Blocks: runs on `background`.
    public func deliverQueuedResets() {
        guard let resetQueue else { return }
        while true {
            let request: SharedResetQueue.Request
            do {
                guard let claimed = try resetQueue.claim() else { return }
                request = claimed
            } catch {
                return log("reset requests could not be claimed: \(error)")
            }
            do {
                try sendResetMail(to: request.email)
                try resetQueue.finish(request)
            } catch {
                log("password reset mail failed: \(error)")
            }
        }
    }

    private func sendResetMail(to email: String) throws {
        guard let account = currentAccount(email: email) else {
            log("password reset requested for an unknown address; no mail sent")
            return
        }
        let token = ByteEncoding.base64URL(SecureRandom.bytes(32))
        let now = clock()
        let record = StoredResetToken(user: account.user.id, expiresAt: now.addingTimeInterval(configuration.resetTokenLifetime))
        try exclusively {
            try store.apply(
                expiredTokens(at: now).map { .delete(collection: Self.resetTokensCollection, key: $0) } + [
                    .put(collection: Self.resetTokensCollection, key: Self.digest(of: token), value: try StoreCoding.encode(record))
                ])
        }
        let minutes = Int(configuration.resetTokenLifetime / 60)
        let path = try outbox.send(OutboxMessage(
            to: account.user.email,
            subject: "Reset your Waypoint password",
            body: """
                Hello \(account.user.displayName),

                someone asked to reset the password of your Waypoint account. To choose a new one,
                open this link within \(minutes) minutes:

                \(configuration.resetLinkBase)/reset-password/\(token)

                If it was not you, ignore this mail: your password stays as it is.
                """))
        log("password reset mail for user \(account.user.id) queued at \(path)")
    }

    /// The account that holds `email`. Sharing a store, the address is looked up in the shared
    /// index and the account read from the store, not from memory: the request may have been queued
    /// by an instance that knew an account this one has not reloaded yet.
    private func currentAccount(email: String) -> StoredAccount? {
        if let sharedIndex, let id = try? sharedIndex.owner(index: "emails", key: AccountState.fold(email)),
            let bytes = store.get(Self.accountsCollection, key: id),
            let account = try? StoreCoding.decode(StoredAccount.self, from: bytes),
            AccountState.fold(account.user.email) == AccountState.fold(email)
        {
            return account
        }
        return state.withLock { $0.account(email: email) }
    }

    public func isResetTokenValid(_ token: String) -> Bool {
        validToken(token, at: clock()) != nil
    }

    /// Consumes the token (and every other pending token of that user) with the new password, in one write.
    /// A bad token is refused before the deliberately slow hash, so guessing tokens costs the server
    /// nothing; the token is checked again under the lock in case another request consumed it meanwhile.
    /// On Redis no lock spans instances: the parked path's steps are made blocking, so the check is
    /// in the write's script and of two resets with one link, on any instances, one wins.
    public func resetPassword(token: String, newPassword: String) throws -> User {
        if let shared = store as? RedisStore {
            let send = shared.pool.blockingSend
            let read = try RedisPool.outcome { resetToken(token, through: send, completion: $0) }
            let hash = try newPasswordHash(newPassword)
            return try RedisPool.outcome { resetPassword(read, hash: hash, through: send, completion: $0) }
        }
        guard validToken(token, at: clock()) != nil else { throw AccountError.invalidOrExpiredToken }
        let hash = try hasher.hash(newPassword)
        return try exclusively { () throws -> User in
            guard let record = validToken(token, at: clock()),
                var account = state.withLock({ $0.accounts[record.user] })
            else { throw AccountError.invalidOrExpiredToken }
            account.password = hash
            account.mustSetNewPassword = nil
            let consumed = tokens(of: record.user).map { StoreMutation.delete(collection: Self.resetTokensCollection, key: $0) }
            try save(account, alongside: consumed)
            log("password reset for user \(account.user.id)")
            return account.user
        }
    }

    static func digest(of token: String) -> String {
        ByteEncoding.hex(Crypto.sha256(Array(token.utf8)))
    }

    private func validToken(_ token: String, at now: Date) -> StoredResetToken? {
        Self.validToken(store.get(Self.resetTokensCollection, key: Self.digest(of: token)), at: now)
    }

    /// A token's stored record, when it is one and has not expired by `now`.
    static func validToken(_ stored: [UInt8]?, at now: Date) -> StoredResetToken? {
        guard let stored, let record = try? StoreCoding.decode(StoredResetToken.self, from: stored), now < record.expiresAt
        else { return nil }
        return record
    }

    private func storedTokens() -> [(key: String, record: StoredResetToken)] {
        store.all(Self.resetTokensCollection).compactMap { key, bytes in
            (try? StoreCoding.decode(StoredResetToken.self, from: bytes)).map { (key, $0) }
        }
    }

    private func expiredTokens(at now: Date) -> [String] {
        storedTokens().filter { $0.record.expiresAt <= now }.map(\.key)
    }

    private func tokens(of user: UserID) -> [String] {
        storedTokens().filter { $0.record.user == user }.map(\.key)
    }
}
