import Models
import RedisClient
import Storage

/// Account writes for a request parked on its event loop (with Redis), as the catalog's
/// (`CatalogService+Loop`): false when nothing was sent, else `completion` runs once on the loop.
extension AccountService {
    public func saveSettings(
        _ settings: Settings, for id: UserID, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Swift.Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore else { return false }
        guard var account = state.withLock({ $0.accounts[id] }) else {
            completion(.failure(Error.unknownUser(id)))
            return true
        }
        account.user.settings = settings
        guard let put = put(account, failing: completion) else { return true }
        let saved = account
        return shared.apply([put], through: send, publishing: { self.state.withLock { $0.upsert(saved) } }) { error in
            completion(error.map { .failure($0) } ?? .success(saved.user))
        }
    }

    /// The account's write, or nil once `completion` was failed with why it cannot be encoded.
    func put<Value>(_ account: StoredAccount, failing completion: (Result<Value, any Swift.Error>) -> Void) -> StoreMutation? {
        do {
            return .put(collection: Self.accountsCollection, key: account.user.id.rawValue, value: try StoreCoding.encode(account))
        } catch {
            completion(.failure(error))
            return nil
        }
    }
}

/// A registration in two steps, for a request parked on its event loop (with Redis): the password
/// is hashed on the hashing lane (`registrationHash`, CPU only, after the in-memory check), then
/// the claims and the write go through the loop (`register(username:email:hash:through:completion:)`).
/// The same rules, order and refusals as `register`, which makes both in one blocking call.
extension AccountService {
    /// Whether a registration's claims and write can go through an event loop: both are in Redis.
    public var registrationsCanPark: Bool { store is RedisStore && sharedIndex is RedisStore }

    /// A taken username or email is refused before the slow hash, as `register` does.
    public func registrationHash(username: String, email: String, password: String) throws -> PasswordHash {
        try ensureAvailable(username: username, email: email)
        return try hasher.hash(password)
    }

    /// Checks again in memory, claims the username then the email (HSETNX; the username is given
    /// up when the email is taken) and writes the account; what was claimed is given up when a
    /// claim or the write fails (a release that cannot be sent goes to `background`, blocking).
    /// `completion` runs once, on the loop, after the releases' replies are in.
    public func register(
        username: String, email: String, hash: PasswordHash, through send: @escaping RedisSend,
        completion: @escaping (Result<User, any Swift.Error>) -> Void
    ) -> Bool {
        guard let shared = store as? RedisStore, let index = sharedIndex as? RedisStore else { return false }
        let user = User(
            id: UserID(ByteEncoding.hex(SecureRandom.bytes(8))), username: username, email: email, settings: Settings(),
            isAdministrator: false)
        let account = StoredAccount(user: user, password: hash)
        let value: [UInt8]
        do {
            try ensureAvailable(username: username, email: email)
            value = try StoreCoding.encode(account)
        } catch {
            completion(.failure(error))
            return true
        }
        let (owner, name, mail) = (user.id.rawValue, AccountState.fold(username), AccountState.fold(email))
        // Gives up `claims` (as `releaseClaims`), then fails with `error`; off the loop when it cannot send.
        let fail: ([(String, String)], any Swift.Error) -> Void = { [self] claims, error in
            var pending = claims.count
            guard pending > 0 else { return completion(.failure(error)) }
            for (indexName, key) in claims {
                let sent = index.release(index: indexName, key: key, owner: owner, through: send) {
                    pending -= 1
                    if pending == 0 { completion(.failure(error)) }
                }
                if !sent {
                    background { try? index.release(index: indexName, key: key, owner: owner) }
                    pending -= 1
                    if pending == 0 { completion(.failure(error)) }
                }
            }
        }
        let unsent = RedisError.connectionClosed
        return index.claim(index: "usernames", key: name, owner: owner, through: send) { [self] claimed in
            switch claimed {
            case .failure(let error): return fail([("usernames", name)], error)
            case .success(false): return completion(.failure(AccountError.usernameTaken))
            case .success(true): break
            }
            let sentEmail = index.claim(index: "emails", key: mail, owner: owner, through: send) { [self] claimed in
                switch claimed {
                // A claim without its reply (a timeout) may have been made: given up too, if still ours.
                case .failure(let error): return fail([("usernames", name), ("emails", mail)], error)
                case .success(false): return fail([("usernames", name)], AccountError.emailTaken)
                case .success(true): break
                }
                let put = StoreMutation.put(collection: Self.accountsCollection, key: owner, value: value)
                let sentWrite = shared.apply([put], through: send, publishing: { self.state.withLock { $0.upsert(account) } }) {
                    error in
                    guard let error else { return completion(.success(user)) }
                    fail([("usernames", name), ("emails", mail)], error)
                }
                if !sentWrite { fail([("usernames", name), ("emails", mail)], unsent) }
            }
            if !sentEmail { fail([("usernames", name)], unsent) }
        }
    }
}

/// A password-reset request for a request parked on its event loop (with Redis).
extension AccountService {
    /// Whether a reset request can be queued from an event loop: the queue is in Redis.
    public var resetRequestsCanPark: Bool { resetQueue != nil }

    /// `requestPasswordReset` for a request parked on its event loop (with Redis): the request is
    /// queued through the loop's connection, then delivery is scheduled on `background` as there.
    /// `completion` runs once, on the loop; false when nothing was sent.
    public func requestPasswordReset(
        email: String, through send: RedisSend, completion: @escaping (Result<Void, any Swift.Error>) -> Void
    ) -> Bool {
        guard let resetQueue else { return false }
        return resetQueue.enqueue(email: email, through: send) { [self] queued in
            if case .success(false) = queued {
                log("reset queue full (\(resetQueue.capacity) waiting); a reset request was dropped")
            }
            if case .success = queued { scheduleDelivery() }
            completion(queued.map { _ in () })
        }
    }
}
