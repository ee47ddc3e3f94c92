/// The shapes some fields must have, with the exact words people see. Each check returns the error
/// message, or nil when the value passes; callers bound the value's bytes first (`FieldRules.take`).
extension FieldRules {
    public static let passwordMinimumLength = 9
    /// In bytes, so hashing stays cheap whatever the characters.
    public static let passwordMaximumLength = 1_024
    public static let usernameLengths = 3...32
    public static let emailMaximumLength = 254
    public static let emailLocalPartMaximumLength = 64

    public static let passwordTooShort = "Passwords need to be a minimum of 9 characters long"
    public static let passwordTooLong =
        "Passwords can be at most 1024 characters long (accented letters and emoji count as two to four)"
    public static let usernameInvalid = "Usernames are 3 to 32 characters: letters, digits, dots, dashes or underscores"
    public static let emailInvalid = "Enter an email address like name@example.com"
    public static let emailTooLong = "Email addresses can be at most 254 characters long"

    /// The check `format` names, if any.
    func formatError(_ value: String) -> String? {
        switch format {
        case .text: nil
        case .username: Self.username(value)
        case .email: Self.email(value)
        case .password: Self.password(value)
        }
    }

    /// Sensible rather than RFC-complete: one `@`, a non-empty local part, a dotted domain, no spaces.
    /// Lengths are the RFC's, in octets.
    public static func email(_ value: String) -> String? {
        if value.utf8.count > emailMaximumLength { return emailTooLong }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return emailInvalid
        }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return emailInvalid }
        let local = parts[0], domain = parts[1]
        guard !local.isEmpty, local.utf8.count <= emailLocalPartMaximumLength else { return emailInvalid }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return emailInvalid }
        return nil
    }

    /// Letters, digits, `.`, `-` and `_` only, so usernames read the same in every font and URL.
    public static func username(_ value: String) -> String? {
        // ASCII only, so bytes are characters: no need to walk grapheme clusters.
        guard usernameLengths.contains(value.utf8.count) else { return usernameInvalid }
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": true
            default: false
            }
        }
        return allowed ? nil : usernameInvalid
    }

    /// Length is what makes a password strong; the byte cap is checked first, so counting the
    /// characters of an attacker's payload never happens.
    public static func password(_ value: String) -> String? {
        if value.utf8.count > passwordMaximumLength { return passwordTooLong }
        if value.count < passwordMinimumLength { return passwordTooShort }
        return nil
    }
}
