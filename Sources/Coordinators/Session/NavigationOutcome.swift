import Models

/// What a request comes to. Web maps each case to HTTP; no HTTP words here.
public enum NavigationOutcome: Hashable, Sendable {
    /// Show this screen (status `.ok`, `.invalid` for a refused form, `.notFound`).
    case render(Screen)
    /// Go to another URL with a GET (post/redirect/get, `/` → last location, guarded → login).
    case redirect(AppRoute)
    /// The URL asked for is another name for this route's screen (`/library` for the remembered
    /// category's list): ask for the route's own URL instead, the same way (Web: 308), so no
    /// screen is answered under two URLs.
    case canonical(AppRoute)
    /// Start a signed-in session for `user` (new session id), then go to `then`.
    case signIn(User, then: AppRoute)
    /// End the signed-in session, then go to `then`.
    case signOut(then: AppRoute)
    /// Too many attempts: show the screen and ask the client to wait (Web: 429 + Retry-After).
    case rateLimited(Screen, retryAfterSeconds: Int)

    /// The rendered screen, if this outcome has one.
    public var screen: Screen? {
        switch self {
        case .render(let screen), .rateLimited(let screen, _): screen
        case .redirect, .canonical, .signIn, .signOut: nil
        }
    }

    /// Where the outcome sends the browser, if it redirects.
    public var location: AppRoute? {
        switch self {
        case .redirect(let route), .canonical(let route), .signIn(_, let route), .signOut(let route): route
        case .render, .rateLimited: nil
        }
    }
}
