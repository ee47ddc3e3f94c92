import Coordinators
import Models

/// What a session is, as a value: saved to the data folder and read back at start-up.
public struct SessionRecord: Codable, Sendable, Equatable {
    public var id: String
    /// The signed-in user; nil for a visitor.
    public var userID: UserID?
    /// A visitor's settings (a signed-in user's live in their account).
    public var settings: Settings
    /// Echoed by every form; checked on every POST.
    public var csrfToken: String
    /// Seconds since 1970 of the last request.
    public var lastSeen: Int64
    /// The username this browser last signed in with, kept after sign-out: a known device is not
    /// slowed down by others' failed guesses at that account.
    public var knownUsername: String?
    /// Seconds since 1970 when the browser was last sent the cookie (it is refreshed daily).
    public var cookieIssued: Int64?
    /// The navigation state as of the last request.
    public var navigation: NavigationSnapshot?
    /// The latest form submissions that changed something and what they answered (see
    /// `SubmissionReceipt`); nil in records saved before receipts existed.
    public var receipts: [SubmissionReceipt]?
    /// Which save of the session this copy comes from (0: never saved). With Redis a save succeeds
    /// only if the stored version is still this one, so a copy that another instance's save made
    /// stale never overwrites it. Stored beside the record, not in it.
    public var version: Int64 = 0

    public enum CodingKeys: String, CodingKey {
        case id, userID, settings, csrfToken, lastSeen, knownUsername, cookieIssued, navigation, receipts
    }

    public var reference: SessionReference { SessionReference(id: id, userID: userID) }
}
