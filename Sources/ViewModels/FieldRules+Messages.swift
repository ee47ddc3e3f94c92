/// The words for the checks every field shares.
extension FieldRules {
    public static func required(_ value: String, label: String) -> String? {
        value.isEmpty ? "\(label) is required" : nil
    }

    public static func maximumLength(_ value: String, _ limit: Int, label: String) -> String? {
        value.count > limit ? "\(label) can be at most \(limit) characters long" : nil
    }

    public static func controlCharacters(label: String) -> String {
        "\(label) must not contain control characters"
    }

    public static func invisibleOnly(label: String) -> String {
        "\(label) must contain visible characters"
    }

    /// Over the byte cap. Passwords and email addresses keep their own wording; for other fields the
    /// cap sits far above what `maximumCharacters` allows of ordinary text, so only unusual text
    /// (long runs of combining marks or emoji sequences) meets it.
    func tooLong(label: String) -> String {
        switch format {
        case .password: Self.passwordTooLong
        case .email: Self.emailTooLong
        case .text, .username: "\(label) is too long"
        }
    }

    /// The message for a throttled account action, in whole seconds or minutes.
    public static func tooManyAttempts(retryAfterSeconds seconds: Int) -> String {
        let wait = max(1, seconds)
        if wait < 60 { return "Too many attempts. Try again in \(wait) second\(wait == 1 ? "" : "s")." }
        let minutes = (wait + 59) / 60
        return "Too many attempts. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}
