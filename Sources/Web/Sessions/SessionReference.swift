import Models

/// A session as far as ending it goes: its id, and the user whose list of sessions it is on.
struct SessionReference: Hashable, Sendable {
    var id: String
    var userID: UserID?
}
