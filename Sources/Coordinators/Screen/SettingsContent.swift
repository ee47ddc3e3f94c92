import ViewModels

/// The settings form in the content pane.
public struct SettingsContent: Hashable, Sendable {
    /// The display-name field, errors and notice; posts to `/library/settings`.
    public var form: FormContent
    public var themeOptions: [SettingsViewModel.ThemeOption]
    public var showSubtitles: Bool
}
