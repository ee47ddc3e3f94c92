import Models
import ViewModels

/// `/library/settings`: the viewer's display name, theme and subtitles, and resetting navigation.
enum SettingsPane: LibraryPaneScreen {
    static func addContent(to content: inout LibraryContent, builder: ScreenBuilder, refused: Any?) {
        let model = refused as? SettingsViewModel
            ?? SettingsViewModel(settings: builder.viewer.settings, user: builder.viewer.user?.id, accounts: builder.dependencies.accounts)
        content.settings = SettingsContent(
            form: FormContent(action: .library(.settings), submitLabel: "Save settings", state: model.state),
            themeOptions: model.themeOptions, showSubtitles: model.showSubtitles)
    }

    static func submit(_ form: FormInput, coordinator: AppCoordinator, viewer: Viewer) throws -> NavigationOutcome {
        if form[AppCoordinator.intentField] == AppCoordinator.resetNavigationIntent {
            coordinator.resetNavigation()
            coordinator.notice = Notice.navigationReset
            return .redirect(.library(coordinator.resolvedLibraryHome()))
        }
        var model = SettingsViewModel(settings: viewer.settings, user: viewer.user?.id, accounts: coordinator.dependencies.accounts)
        let retryAfterSeconds: Int?
        switch try model.submit(form) {
        case .succeeded:
            coordinator.notice = Notice.settingsSaved
            return .redirect(.library(.settings))
        case .invalid:
            retryAfterSeconds = nil
        case .rateLimited(_, let seconds):
            retryAfterSeconds = seconds
        }
        coordinator.library.show(.settings)
        coordinator.visit(.library(.settings))
        let screen = coordinator.builder(for: viewer).libraryScreen(url: .library(.settings), status: .invalid, refusedPane: model)
        return AppCoordinator.refusal(screen, retryAfterSeconds: retryAfterSeconds)
    }
}
