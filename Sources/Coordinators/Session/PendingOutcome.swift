/// A GET's outcome as the coordinator decided it: final already (a redirect), or a screen still
/// to build.
///
/// Deciding changes the session's navigation state, so it runs under the session's lock.
/// Building the screen is most of a GET's work and only reads that state, so it runs on a
/// detached copy, after the lock is released: two requests of one session then overlap in
/// everything but the decision. It leaves the lock as a `sending` value, since nothing else can
/// reach the copy.
public struct PendingOutcome {
    private let ready: NavigationOutcome?
    private let state: AppCoordinator?
    private let build: @Sendable (AppCoordinator) -> Screen

    /// An outcome with nothing left to build.
    static func ready(_ outcome: NavigationOutcome) -> sending PendingOutcome {
        PendingOutcome(ready: outcome, state: nil, build: { _ in preconditionFailure("nothing to build") })
    }

    /// A screen `build` makes from `state`, a detached copy of the coordinator that decided it.
    static func screen(of state: sending AppCoordinator, _ build: @escaping @Sendable (AppCoordinator) -> Screen)
        -> sending PendingOutcome
    {
        PendingOutcome(ready: nil, state: state, build: build)
    }

    /// The outcome, building its screen if it has one: call it outside the session's lock.
    public func outcome() -> NavigationOutcome {
        if let ready { return ready }
        guard let state else { preconditionFailure("a pending screen always has its state") }
        return .render(build(state))
    }
}
