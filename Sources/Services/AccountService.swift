#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models
import RedisClient
import Storage
import Synchronization

/// Accounts over the store: registration, sign-in, settings and password resets. Hashing runs
/// outside every lock; callers run these methods on a worker pool, never on an event loop.
public final class AccountService: AccountRepository {
    public struct Configuration: Sendable {
        /// PBKDF2 cost for new hashes; tests lower it, production keeps the default.
        public var passwordIterations: Int
        public var resetTokenLifetime: TimeInterval
        /// Prefix of the link in reset mails (scheme and host, no trailing slash); empty gives a
        /// path-only link.
        public var resetLinkBase: String

        public init(
            passwordIterations: Int = PasswordHasher.defaultIterations, resetTokenLifetime: TimeInterval = 30 * 60,
            resetLinkBase: String = ""
        ) {
            self.passwordIterations = passwordIterations
            self.resetTokenLifetime = resetTokenLifetime
            self.resetLinkBase = resetLinkBase
        }
    }

    /// Failures outside the sign-in vocabulary of `AccountError`.
    public enum Error: Swift.Error, Hashable, Sendable {
        case unknownUser(UserID)
        /// The account changed on another instance at each attempt of a write made on it as read.
        case editConflict(UserID)
    }

    static let accountsCollection = "accounts.users"
    static let resetTokensCollection = "accounts.resetTokens"

    let configuration: Configuration
    let store: any KeyValueStore
    let outbox: Outbox
    let clock: @Sendable () -> Date
    let log: @Sendable (String) -> Void
    let hasher: any PasswordHashing
    /// Runs the work behind a reset request once its caller has the answer (see `requestPasswordReset`).
    let background: @Sendable (@escaping @Sendable () -> Void) -> Void
    let state: Mutex<AccountState>
    /// Serialises writers so uniqueness checks and token consumption see every earlier write, when
    /// this instance is the only writer (see `exclusively`); never held across a Redis round trip.
    let writeLock = Mutex(())
    /// Usernames and emails claimed across instances; nil when this instance is the only writer.
    let sharedIndex: (any SharedIndex)?
    /// Reset requests shared by every instance (Redis); nil runs each on `background` here.
    let resetQueue: SharedResetQueue?
    /// A delivery run is queued on `background` and has not started: another need not be.
    let deliveryScheduled = Atomic<Bool>(false)

    /// `hasher` defaults to PBKDF2 at the configured cost. `background` defaults to running the
    /// work at once, which suits tests; a server passes a queue so answers never wait for the disk.
    public init(
        store: any KeyValueStore, outbox: Outbox, configuration: Configuration = Configuration(),
        hasher: (any PasswordHashing)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void = { _ in },
        background: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
        sharedIndex: (any SharedIndex)? = nil, resetQueue: SharedResetQueue? = nil
    ) throws {
        self.sharedIndex = sharedIndex
        self.resetQueue = resetQueue
        self.configuration = configuration
        self.store = store
        self.outbox = outbox
        self.clock = clock
        self.log = log
        self.hasher = hasher ?? PasswordHasher(iterations: configuration.passwordIterations)
        self.background = background
        state = Mutex(AccountState(try StoreCoding.decodeAll(StoredAccount.self, in: Self.accountsCollection, of: store)))
    }

    public func register(username: String, email: String, password: String) throws -> User {
        try register(username: username, email: email, password: password, settings: Settings())
    }

    /// Registers with initial settings (the demo user's display name, for one); `isAdministrator`
    /// only for accounts the server itself creates, never from a form. A taken username or
    /// email is refused before the deliberately slow hash, so such attempts cost the server nothing;
    /// both are checked again under the write lock, since another registration may win meanwhile.
    public func register(
        username: String, email: String, password: String, settings: Settings, isAdministrator: Bool = false
    ) throws -> User {
        try ensureAvailable(username: username, email: email)
        let hash = try hasher.hash(password)
        return try exclusively { () throws -> User in
            try ensureAvailable(username: username, email: email)
            let user = User(
                id: UserID(ByteEncoding.hex(SecureRandom.bytes(8))), username: username, email: email, settings: settings,
                isAdministrator: isAdministrator)
            try claim(username: username, email: email, for: user.id)
            do {
                try save(StoredAccount(user: user, password: hash))
            } catch {
                try? releaseClaims(username: username, email: email, of: user.id)
                throw error
            }
            return user
        }
    }

    /// Replaces the accounts in memory with those of `store` (another instance wrote).
    public func reload(from store: any KeyValueStore) throws {
        install(try Self.decodedState(from: store))
    }

    /// The accounts of `store`, decoded and indexed: a reload's CPU, made before anything is locked.
    static func decodedState(from store: any KeyValueStore) throws -> AccountState {
        AccountState(try StoreCoding.decodeAll(StoredAccount.self, in: Self.accountsCollection, of: store))
    }

    /// Replaces the accounts in memory with `decoded` (`decodedState`).
    func install(_ decoded: AccountState) {
        state.withLock { $0 = decoded }
    }

    /// Across instances, the in-memory check is not enough: the shared index decides who wins.
    private func claim(username: String, email: String, for id: UserID) throws {
        guard let sharedIndex else { return }
        guard try sharedIndex.claim(index: "usernames", key: AccountState.fold(username), owner: id.rawValue) else {
            throw AccountError.usernameTaken
        }
        guard try sharedIndex.claim(index: "emails", key: AccountState.fold(email), owner: id.rawValue) else {
            try? sharedIndex.release(index: "usernames", key: AccountState.fold(username), owner: id.rawValue)
            throw AccountError.emailTaken
        }
    }

    private func releaseClaims(username: String, email: String, of id: UserID) throws {
        try sharedIndex?.release(index: "usernames", key: AccountState.fold(username), owner: id.rawValue)
        try sharedIndex?.release(index: "emails", key: AccountState.fold(email), owner: id.rawValue)
    }

    /// The same error, after about the same work, whether the username is unknown or the password wrong.
    public func authenticate(username: String, password: String) throws -> User {
        let verified = try verifiedPassword(username: username, password: password)
        if let shared = store as? RedisStore {
            _ = upgradePassword(verified, through: shared.pool.blockingSend) {}
        } else if let upgrade = verified.upgrade {
            try? replacePassword(upgrade)
        }
        return verified.user
    }

    /// `authenticate`'s checks without its write: the account the password opens and, when its
    /// hash was made at another cost than the configured one, the password hashed again at that
    /// cost (while the password is at hand), for the caller to store. CPU only: no store is asked.
    public func verifiedPassword(username: String, password: String) throws -> VerifiedPassword {
        guard let account = state.withLock({ $0.account(username: username) }) else {
            hasher.simulateVerification(password)
            throw AccountError.invalidCredentials
        }
        guard hasher.verify(password, against: account.password) else { throw AccountError.invalidCredentials }
        // Told only to whoever knows the stored (possibly old) password.
        if account.mustSetNewPassword == true { throw AccountError.newPasswordRequired }
        guard account.password.iterations != hasher.iterations, let hash = try? hasher.hash(password) else {
            return VerifiedPassword(user: account.user)
        }
        return VerifiedPassword(user: account.user, upgrade: .init(account: account, hash: hash))
    }

    public func user(_ id: UserID) -> User? {
        state.withLock { $0.accounts[id]?.user }
    }

    /// On Redis the parked path's compare-and-set, made blocking: no lock spans instances, so a
    /// password reset on another one meanwhile is kept (the account read here may predate it).
    public func saveSettings(_ settings: Settings, for id: UserID) throws -> User {
        if let shared = store as? RedisStore {
            return try RedisPool.outcome { saveSettings(settings, for: id, through: shared.pool.blockingSend, completion: $0) }
        }
        return try exclusively { () throws -> User in
            guard var account = state.withLock({ $0.accounts[id] }) else { throw Error.unknownUser(id) }
            account.user.settings = settings
            try save(account)
            return account.user
        }
    }

    /// Stores the account and publishes it to readers; call inside `exclusively`.
    func save(_ account: StoredAccount, alongside extra: [StoreMutation] = []) throws {
        try store.apply(
            [.put(collection: Self.accountsCollection, key: account.user.id.rawValue, value: try StoreCoding.encode(account))]
                + extra
        ) { state.withLock { $0.upsert(account) } }
    }

    /// Runs `body` under the write lock when this instance is the only writer (the embedded store:
    /// the lock makes uniqueness checks and token consumption see every earlier write). Sharing the
    /// store, the shared index decides who wins a username or email, and no lock is held across
    /// a Redis round trip; two writes of one account at the same moment are the last one's, as
    /// they are across instances.
    func exclusively<T: Sendable>(_ body: () throws -> T) throws -> T {
        guard sharedIndex == nil else { return try body() }
        return try writeLock.withLock { _ throws -> T in try body() }
    }

    func ensureAvailable(username: String, email: String) throws(AccountError) {
        let (usernameTaken, emailTaken) = state.withLock {
            ($0.account(username: username) != nil, $0.account(email: email) != nil)
        }
        if usernameTaken { throw .usernameTaken }
        if emailTaken { throw .emailTaken }
    }

    /// Stores the upgraded hash only while the account still holds the hash that was checked: under
    /// the lock, a compare-and-set, so a password reset while this one was hashed stays. (On Redis
    /// the parked path's compare-and-set script, made blocking, does the same across instances.)
    private func replacePassword(_ upgrade: VerifiedPassword.Upgrade) throws {
        try exclusively {
            guard var account = state.withLock({ $0.accounts[upgrade.account.user.id] }),
                account.password == upgrade.account.password
            else { return }
            account.password = upgrade.hash
            try save(account)
        }
    }
}
