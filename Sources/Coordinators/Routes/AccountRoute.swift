/// Account pages. `next` is where to go after success; it is always a parsed route, so it can only
/// ever point inside Waypoint (never an open redirect), and never at another account page.
public indirect enum AccountRoute: Hashable, Sendable, Codable {
    case login(next: AppRoute?)
    case register(next: AppRoute?)
    case forgotPassword(next: AppRoute?)
    /// `/forgot-password/sent`: where a valid request lands (post/redirect/get), known address or not.
    case resetLinkSent
    /// `/reset-password/{token}`
    case resetPassword(token: String)
    /// `POST /logout`
    case logout

    public var next: AppRoute? {
        switch self {
        case .login(let next), .register(let next), .forgotPassword(let next): next
        case .resetLinkSent, .resetPassword, .logout: nil
        }
    }
}
