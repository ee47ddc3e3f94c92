#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Models

/// A pending password reset, stored under the SHA-256 of its token: a leaked data directory does
/// not yield working reset links.
struct StoredResetToken: Codable, Sendable {
    var user: UserID
    var expiresAt: Date
}
