/// Every kind of field the app asks for, bounded once here.
extension FieldRules {
    /// An item's title: one line, as it appears in lists and headings.
    public static let title = FieldRules(text: 200)
    /// An item's subtitle, typed in a textarea, so line breaks are kept.
    public static let subtitle = FieldRules(text: 500, allowsLineBreaks: true)
    /// Shown in the page chrome instead of the username.
    public static let displayName = FieldRules(text: 60)
    /// A username typed to sign in: bounded, but its shape is not spelled out to whoever is guessing.
    public static let username = FieldRules(text: usernameLengths.upperBound)
    /// A username being chosen: letters, digits and a little punctuation (see `username(_:)`).
    public static let newUsername = FieldRules(
        maximumCharacters: usernameLengths.upperBound, maximumBytes: usernameLengths.upperBound * 4, format: .username)
    /// Both limits are the RFC 5321 octet limit.
    public static let email = FieldRules(
        maximumCharacters: emailMaximumLength, maximumBytes: emailMaximumLength, format: .email)
    /// A password, typed to sign in or chosen: bounded in bytes so hashing stays cheap for
    /// attackers' payloads, at least `passwordMinimumLength` characters.
    public static let password = FieldRules(
        maximumCharacters: passwordMaximumLength, maximumBytes: passwordMaximumLength, isSecret: true,
        format: .password)
    /// A password typed again: bounded like one, and compared with it rather than checked on its own.
    public static let passwordConfirmation = FieldRules(
        maximumCharacters: passwordMaximumLength, maximumBytes: passwordMaximumLength, isSecret: true)
}
