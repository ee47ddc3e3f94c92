/// The validation rules every form shares, with the exact words people see. Each rule returns the
/// error message, or nil when the value passes.
public enum FieldRules {
    public static let passwordMinimumLength = 9
    public static let passwordMaximumLength = 1_024
    public static let usernameLengths = 3...32
    public static let emailMaximumLength = 254
    public static let emailLocalPartMaximumLength = 64

    public static let passwordTooShort = "Passwords need to be a minimum of 9 characters long"
    public static let passwordTooLong = "Passwords can be at most 1024 characters long"
    public static let usernameInvalid = "Usernames are 3 to 32 characters: letters, digits, dots, dashes or underscores"
    public static let emailInvalid = "Enter an email address like name@example.com"
    public static let emailTooLong = "Email addresses can be at most 254 characters long"

    /// Whitespace at either end is never meant; passwords are the exception and are never trimmed.
    public static func trimmed(_ value: String) -> String {
        guard let first = value.firstIndex(where: { !$0.isWhitespace }),
              let last = value.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(value[first...last])
    }

    public static func required(_ value: String, label: String) -> String? {
        value.isEmpty ? "\(label) is required" : nil
    }

    public static func maximumLength(_ value: String, _ limit: Int, label: String) -> String? {
        value.count > limit ? "\(label) can be at most \(limit) characters long" : nil
    }

    /// Sensible rather than RFC-complete: one `@`, a non-empty local part, a dotted domain, no spaces.
    public static func email(_ value: String) -> String? {
        if value.count > emailMaximumLength { return emailTooLong }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return emailInvalid
        }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return emailInvalid }
        let local = parts[0], domain = parts[1]
        guard !local.isEmpty, local.count <= emailLocalPartMaximumLength else { return emailInvalid }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return emailInvalid }
        return nil
    }

    /// Letters, digits, `.`, `-` and `_` only, so usernames read the same in every font and URL.
    public static func username(_ value: String) -> String? {
        guard usernameLengths.contains(value.count) else { return usernameInvalid }
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": true
            default: false
            }
        }
        return allowed ? nil : usernameInvalid
    }

    /// Length is what makes a password strong; the cap keeps hashing cheap for attackers' payloads.
    public static func password(_ value: String) -> String? {
        let length = value.count
        if length < passwordMinimumLength { return passwordTooShort }
        if length > passwordMaximumLength { return passwordTooLong }
        return nil
    }

    /// The message for a throttled account action, in whole seconds or minutes.
    public static func tooManyAttempts(retryAfterSeconds seconds: Int) -> String {
        let wait = max(1, seconds)
        if wait < 60 { return "Too many attempts. Try again in \(wait) second\(wait == 1 ? "" : "s")." }
        let minutes = (wait + 59) / 60
        return "Too many attempts. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}
