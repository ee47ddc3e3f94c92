import Models

/// Accounts in memory, with case-insensitive indexes for uniqueness checks and sign-in.
struct AccountState: Sendable {
    private(set) var accounts: [UserID: StoredAccount] = [:]
    private(set) var idsByUsername: [String: UserID] = [:]
    private(set) var idsByEmail: [String: UserID] = [:]

    init(_ accounts: [StoredAccount]) {
        for account in accounts { upsert(account) }
    }

    static func fold(_ text: String) -> String {
        text.lowercased()
    }

    func account(username: String) -> StoredAccount? {
        idsByUsername[Self.fold(username)].flatMap { accounts[$0] }
    }

    func account(email: String) -> StoredAccount? {
        idsByEmail[Self.fold(email)].flatMap { accounts[$0] }
    }

    mutating func upsert(_ account: StoredAccount) {
        if let previous = accounts[account.user.id] {
            idsByUsername[Self.fold(previous.user.username)] = nil
            idsByEmail[Self.fold(previous.user.email)] = nil
        }
        accounts[account.user.id] = account
        idsByUsername[Self.fold(account.user.username)] = account.user.id
        idsByEmail[Self.fold(account.user.email)] = account.user.id
    }

    mutating func remove(_ id: UserID) {
        guard let previous = accounts.removeValue(forKey: id) else { return }
        idsByUsername[Self.fold(previous.user.username)] = nil
        idsByEmail[Self.fold(previous.user.email)] = nil
    }
}
