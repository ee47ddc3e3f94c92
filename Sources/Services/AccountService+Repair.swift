import Storage

extension AccountService {
    /// What `waypoint store repair` does with accounts and reset links whose history crosses the
    /// damage: a lost write may have set a new password or used a link, so such an account must
    /// set a new password before signing in, and such a link is withdrawn. Other entries (the
    /// catalog's) are only named in the report.
    public static let repairPolicy = RepairPolicy { suspects in
        var settlement = RepairPolicy.Settlement()
        var withdrawn = 0
        for suspect in suspects {
            guard let value = suspect.value else { continue }
            switch suspect.entry.collection {
            case accountsCollection:
                guard var account = try? StoreCoding.decode(StoredAccount.self, from: value),
                    let encoded = try? StoreCoding.encode({ account.mustSetNewPassword = true; return account }())
                else { continue }
                settlement.mutations.append(.put(collection: accountsCollection, key: suspect.entry.key, value: encoded))
                settlement.notes.append("the account \(account.user.username) must set a new password before signing in")
            case resetTokensCollection:
                settlement.mutations.append(.delete(collection: resetTokensCollection, key: suspect.entry.key))
                withdrawn += 1
            default:
                continue
            }
        }
        if withdrawn > 0 { settlement.notes.append("withdrew \(withdrawn) password reset links") }
        return settlement
    }
}
