/// Unique keys claimed across every instance sharing a store (usernames, emails): the in-memory
/// check each instance makes cannot see another instance's registration in flight.
public protocol SharedIndex: Sendable {
    /// Claims `key` in `index` for `owner`; false when another owner holds it.
    func claim(index: String, key: String, owner: String) throws -> Bool
    /// Gives `key` up, if `owner` still holds it.
    func release(index: String, key: String, owner: String) throws
    /// Who holds `key`, as every instance sees it now.
    func owner(index: String, key: String) throws -> String?
}
