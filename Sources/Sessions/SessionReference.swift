import Models

/// A session as far as ending it goes: its id, and the user whose list of sessions it is on.
public struct SessionReference: Hashable, Sendable {
    public var id: String
    public var userID: UserID?
}
