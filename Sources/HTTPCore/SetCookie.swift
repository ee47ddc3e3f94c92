#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `Set-Cookie` header value (RFC 6265 §4.1) whose rendering cannot break out of its header:
/// name and value bytes that cookies cannot carry are percent-encoded, and `;` and controls are
/// percent-encoded in Path and Domain. Defaults are the safe ones: Path=/, HttpOnly, SameSite=Lax.
public struct SetCookie: Sendable, Hashable {
    public enum SameSite: String, Sendable, Hashable {
        case lax = "Lax"
        case strict = "Strict"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String?
    public var domain: String?
    /// Seconds until expiry; 0 deletes the cookie; nil makes a session cookie (unless `expires`).
    public var maxAge: Int?
    public var expires: Date?
    public var httpOnly: Bool
    public var secure: Bool
    public var sameSite: SameSite?

    public init(
        name: String,
        value: String,
        path: String? = "/",
        domain: String? = nil,
        maxAge: Int? = nil,
        expires: Date? = nil,
        httpOnly: Bool = true,
        secure: Bool = false,
        sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.domain = domain
        self.maxAge = maxAge
        self.expires = expires
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// A cookie that makes the browser forget `name` at `path`.
    public static func expired(name: String, path: String? = "/") -> SetCookie {
        SetCookie(name: name, value: "", path: path, maxAge: 0, expires: Date(timeIntervalSince1970: 0))
    }

    /// The value to send in a `Set-Cookie` header.
    public var headerValue: String {
        var parts = [
            PercentEncoding.encode(name.isEmpty ? "-" : name, allowed: SetCookie.nameCharacters)
                + "=" + PercentEncoding.encode(value, allowed: SetCookie.valueCharacters)
        ]
        if let path { parts.append("Path=" + PercentEncoding.encode(path, allowed: SetCookie.attributeCharacters)) }
        if let domain { parts.append("Domain=" + PercentEncoding.encode(domain, allowed: SetCookie.attributeCharacters)) }
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if let expires { parts.append("Expires=" + HTTPDate.string(from: expires)) }
        if secure || sameSite == SameSite.none { parts.append("Secure") }
        if httpOnly { parts.append("HttpOnly") }
        if let sameSite { parts.append("SameSite=" + sameSite.rawValue) }
        return parts.joined(separator: "; ")
    }

    /// cookie-octet of RFC 6265 §4.1.1: no controls, whitespace, DQUOTE, comma, semicolon or backslash.
    static func isCookieOctet(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: true
        default: false
        }
    }

    private static let nameCharacters = PercentEncoding.Allowed(
        "!#$&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    /// cookie-octets minus `%`, so an encoded value decodes unambiguously.
    private static let valueCharacters = PercentEncoding.Allowed(
        String(decoding: (0x21...0x7E).filter { isCookieOctet($0) && $0 != ASCII.percent }, as: UTF8.self))
    /// av-octet (any CHAR but controls and `;`), minus `%` for the same reason.
    private static let attributeCharacters = PercentEncoding.Allowed(
        String(decoding: (0x20...0x7E).filter { $0 != ASCII.semicolon && $0 != ASCII.percent }, as: UTF8.self))
}
