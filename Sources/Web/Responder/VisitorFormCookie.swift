import HTTPCore
import HTTPServer
import Sessions

/// The CSRF token of a visitor who has no session on the server: when the visitor budget of an
/// address is used up (a NAT, a campus), the people behind it still sign in and register.
///
/// Their pages carry the token masked, as every page does, and the token itself travels in this
/// cookie (double submit): a POST is accepted when the form's token unmasks to the cookie's. Over
/// HTTPS the cookie is `__Host-` prefixed, so no other host (a sibling subdomain) can plant one;
/// the same-origin check every form passes first refuses cross-site posts besides.
enum VisitorFormCookie {
    static func name(secure: Bool) -> String { secure ? "__Host-waypoint_form" : "waypoint_form" }

    /// The token the request's cookie carries, when well formed.
    static func token(in request: HTTPRequest, secure: Bool) -> String? {
        request.cookie(name(secure: secure)).flatMap { SessionStore.isWellFormed($0) ? $0 : nil }
    }

    /// Lives as long as the browser session; never readable by script.
    static func header(token: String, secure: Bool) -> String {
        SetCookie(name: name(secure: secure), value: token, path: "/", httpOnly: true, secure: secure, sameSite: .lax).headerValue
    }
}
