import ViewModels

extension ScreenBuilder {
    /// What a Library pane shows in the content pane: the one place a pane's view model and
    /// content are made. `settingsModel`: the settings form after a refused save.
    func addPane(_ pane: LibraryPane, to content: inout LibraryContent, settingsModel: SettingsViewModel?) {
        switch pane {
        case .settings:
            let model = settingsModel ?? SettingsViewModel(settings: viewer.settings, user: viewer.user?.id, accounts: dependencies.accounts)
            content.settings = SettingsContent(
                form: FormContent(action: .library(.pane(pane)), submitLabel: "Save settings", state: model.state),
                themeOptions: model.themeOptions, showSubtitles: model.showSubtitles)
        }
    }
}
