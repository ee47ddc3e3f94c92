/// A GET's outcome as the coordinator decided it: final already (a redirect), or a screen still to
/// build.
///
/// Deciding changes the session's navigation state, so it runs under the session's lock. Building
/// the screen is most of a GET's work and only reads that state, so it runs after the lock is
/// released, from the value the decision left: two requests of one session then overlap in
/// everything but the decision.
public enum PendingOutcome: Sendable {
    /// Nothing left to build.
    case ready(NavigationOutcome)
    /// A screen to build from the navigation state as decided.
    case build(ScreenRequest, ScreenBuilder)

    /// The outcome, building its screen if it has one: call it outside the session's lock.
    public func outcome() -> NavigationOutcome {
        switch self {
        case .ready(let outcome): outcome
        case .build(let request, let builder): .render(builder.screen(for: request))
        }
    }

    /// `outcome()` for a screen whose store read was made ahead (`ReadAhead`): built from `read`,
    /// asking the store nothing (with Redis, the read parked on the request's event loop).
    public func outcome(knowing read: ReadAhead) -> NavigationOutcome {
        guard case .build(let request, var builder) = self else { return outcome() }
        builder.readAhead = read
        return .render(builder.screen(for: request))
    }
}
