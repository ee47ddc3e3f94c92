import Models

/// Display name, theme and subtitles. Signed-in users' settings are saved to their account;
/// visitors' settings are handed back for the session to keep.
public struct SettingsViewModel: Sendable {
    public static let displayNameMaximumLength = FieldRules.displayName.maximumCharacters
    public static let themeInvalid = "Choose System, Light or Dark"
    public static let savedNotice = "Settings saved"

    public struct ThemeOption: Hashable, Sendable {
        public var theme: Theme
        /// The `<option>` value: the theme's raw value.
        public var value: String
        public var label: String
        public var isSelected: Bool

        public init(theme: Theme, label: String, isSelected: Bool) {
            self.theme = theme
            value = theme.rawValue
            self.label = label
            self.isSelected = isSelected
        }
    }

    /// A successful save: the settings, and the updated user when someone is signed in.
    public struct Saved: Hashable, Sendable {
        public var settings: Settings
        public var user: User?
    }

    public private(set) var settings: Settings
    /// Holds the display-name field and any error (a theme error points at the field `theme`).
    public private(set) var state: FormState
    private let user: UserID?
    private let accounts: any AccountRepository

    public init(settings: Settings, user: UserID?, accounts: any AccountRepository) {
        self.settings = settings
        self.user = user
        self.accounts = accounts
        state = FormState(fields: [
            FormField(
                name: "displayName", label: "Display name", value: settings.displayName, rules: .displayName,
                autocomplete: "nickname", hint: "Shown instead of your username"),
        ])
    }

    public var displayName: FormField {
        guard let field = state["displayName"] else { preconditionFailure("The settings form lost its display name") }
        return field
    }
    public var showSubtitles: Bool { settings.showSubtitles }
    public var theme: Theme { settings.theme }

    public var themeOptions: [ThemeOption] {
        Theme.allCases.map { theme in
            ThemeOption(theme: theme, label: Self.label(for: theme), isSelected: theme == settings.theme)
        }
    }

    public static func label(for theme: Theme) -> String {
        switch theme {
        case .system: "System"
        case .light: "Light"
        case .dark: "Dark"
        }
    }

    /// What a submission decides before anything is written.
    public enum Decision: Hashable, Sendable {
        case invalid(FormState)
        /// Valid, and nothing to write: a visitor's settings stay with the session.
        case saved(Saved)
        /// Valid: the account's settings to save, then `finish` with the result.
        case write(StoreWrite)
    }

    /// Validates and saves. A checkbox is absent when unticked, so a missing `showSubtitles` means off.
    public mutating func submit(_ input: FormInput) throws -> FormOutcome<Saved> {
        switch decide(input) {
        case .invalid(let state): return .invalid(state)
        case .saved(let saved): return .succeeded(saved)
        case .write(let write):
            guard case .saveSettings(let settings, let user) = write else { preconditionFailure("settings decide their own write") }
            return try finish(Result { try accounts.saveSettings(settings, for: user) })
        }
    }

    /// `submit`'s decision without the write.
    public mutating func decide(_ input: FormInput) -> Decision {
        state.formErrors = []
        state.notice = nil
        let displayName = state.take("displayName", from: input)
        let theme = input.choice("theme", of: Theme.self)
        if theme == nil {
            state.formErrors = [FormError(fieldName: "theme", message: Self.themeInvalid)]
        }
        let showSubtitles = input.isTicked("showSubtitles")
        if let theme { settings.theme = theme }
        settings.showSubtitles = showSubtitles
        guard !state.isInvalid else { return .invalid(state) }
        // Only a checked name reaches the settings; a refused one lives on in the field alone.
        settings.displayName = displayName
        guard let user else {
            state.notice = Self.savedNotice
            return .saved(Saved(settings: settings, user: nil))
        }
        return .write(.saveSettings(settings, for: user))
    }

    /// The decided write's result: saved, or refused when the account's changes are throttled.
    /// Rethrows any other failure.
    public mutating func finish(_ result: Result<User, any Error>) throws -> FormOutcome<Saved> {
        do {
            let saved = try result.get()
            state.notice = Self.savedNotice
            return .succeeded(Saved(settings: saved.settings, user: saved))
        } catch AccountError.tooManyAttempts(let seconds) {
            return state.refuseTooManyAttempts(on: "displayName", retryAfterSeconds: seconds)
        }
    }
}
