#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Storage

extension SessionJournal {
    /// What `waypoint store repair` does with sessions whose history crosses the damage: a lost
    /// record may have ended them (a sign-out, a revocation after a password reset), so they are
    /// ended; keeping them could sign a signed-out cookie in again. Session ids are secrets: the
    /// report counts them and never names them.
    public static let repairPolicy = RepairPolicy(unnamedCollections: [collection]) { suspects in
        let ended = suspects.filter { $0.entry.collection == collection && $0.value != nil }
        guard !ended.isEmpty else { return RepairPolicy.Settlement() }
        let decoder = JSONDecoder()
        let signedIn = ended.filter { suspect in
            (try? decoder.decode(SessionRecord.self, from: Data(suspect.value ?? [])))?.userID != nil
        }.count
        return RepairPolicy.Settlement(
            mutations: ended.map { .delete(collection: collection, key: $0.entry.key) },
            notes: ["ended \(ended.count) sessions a lost record may have ended (\(signedIn) of them signed in): their browsers start anew"])
    }
}
