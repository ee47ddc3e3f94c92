import Coordinators
import Services

/// What a form submission that changed something answered, kept in its session so that the same
/// submission sent again (a double click, a resend after a lost answer, Back and submit) answers
/// the same and changes nothing.
///
/// A submission is named by a digest of its path and body. Every page carries the CSRF token masked
/// afresh (see `CSRFToken`) and forms send it back, so the body of each rendered form is unique:
/// resending it is a repeat, while a form rendered again (even with the same values) is new.
public struct SubmissionReceipt: Codable, Sendable, Equatable {
    /// The first 16 bytes of SHA-256(path, body), in hex.
    public var digest: String
    /// Where the first answer sent the browser (post/redirect/get).
    public var redirect: AppRoute

    /// Receipts kept per session, most recent last: enough for a burst of clicks and a few open tabs.
    public static let kept = 16

    public static func digest(path: String, body: [UInt8]) -> String {
        let hash = Crypto.sha256(Array(path.utf8) + [0] + body)
        return ByteEncoding.hex(Array(hash.prefix(16)))
    }
}
