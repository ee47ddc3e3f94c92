import HTTPCore

/// Headers on every page the app renders: no inline script, no framing, no sniffing, no caching of
/// pages that depend on the session, and HSTS when served over TLS. Built once, copied per response.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    static let common = HTTPHeaders([
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]).withWireForm()

    static let html: HTTPHeaders = {
        var headers: HTTPHeaders = ["Content-Type": "text/html; charset=utf-8"]
        for (name, value) in common { headers.add(name, value) }
        // Framed once: every page copies these bytes instead of checking each field again.
        return headers.withWireForm()
    }()

    static let strictTransportSecurity = "max-age=31536000; includeSubDomains"

    /// `base`, plus HSTS under TLS.
    static func headers(_ base: HTTPHeaders, secure: Bool) -> HTTPHeaders {
        guard secure else { return base }
        var headers = base
        headers.add("Strict-Transport-Security", strictTransportSecurity)
        return headers
    }
}
