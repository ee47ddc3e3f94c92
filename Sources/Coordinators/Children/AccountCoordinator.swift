import Navigation

/// Sign in, registration and password resets; remembers where to return after success.
public final class AccountCoordinator: Coordinator {
    public var name: String { "AccountCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    /// The guarded screen that sent the viewer here.
    public internal(set) var returnTo: AppRoute? {
        didSet { if returnTo != oldValue { (parent as? AppCoordinator)?.changeCount += 1 } }
    }

    public init(returnTo: AppRoute? = nil) {
        self.returnTo = returnTo
    }

    /// Remembers `next` (already a parsed, non-account route) for after sign-in.
    public func remember(_ next: AppRoute?) {
        if let next { returnTo = next }
    }

    /// Where to go once signed in: the explicit `next`, else the remembered one, else `fallback`.
    /// Consumes the remembered route so it is used once.
    public func completeSignIn(next: AppRoute?, fallback: AppRoute) -> AppRoute {
        defer { returnTo = nil }
        return next ?? returnTo ?? fallback
    }
}
