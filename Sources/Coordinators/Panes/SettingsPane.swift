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

    static func decide(_ form: FormInput, coordinator: AppCoordinator, viewer: Viewer) throws -> Submission {
        if form[AppCoordinator.intentField] == AppCoordinator.resetNavigationIntent {
            coordinator.resetNavigation()
            coordinator.notice = Notice.navigationReset
            return .done(.redirect(.library(coordinator.resolvedLibraryHome())))
        }
        var model = SettingsViewModel(settings: viewer.settings, user: viewer.user?.id, accounts: coordinator.dependencies.accounts)
        switch model.decide(form) {
        case .saved:
            coordinator.notice = Notice.settingsSaved
            return .done(.redirect(.library(.settings)))
        case .invalid:
            return .done(refused(model, coordinator: coordinator, viewer: viewer, retryAfterSeconds: nil))
        case .write(let write):
            let decided = model
            return .write(write, then: AppCoordinator.finishingLibrary(.settings, viewer: viewer) { coordinator, result in
                var model = decided
                switch try model.finish(Result { try AppCoordinator.user(result) }) {
                case .succeeded:
                    coordinator.notice = Notice.settingsSaved
                    return .redirect(.library(.settings))
                case .invalid:
                    return refused(model, coordinator: coordinator, viewer: viewer, retryAfterSeconds: nil)
                case .rateLimited(_, let seconds):
                    return refused(model, coordinator: coordinator, viewer: viewer, retryAfterSeconds: seconds)
                }
            })
        }
    }

    /// Settings again with the refused form's errors (and, throttled, its wait).
    private static func refused(
        _ model: SettingsViewModel, coordinator: AppCoordinator, viewer: Viewer, retryAfterSeconds: Int?
    ) -> NavigationOutcome {
        coordinator.library.show(.settings)
        coordinator.visit(.library(.settings))
        let screen = coordinator.builder(for: viewer).libraryScreen(url: .library(.settings), status: .invalid, refusedPane: model)
        return AppCoordinator.refusal(screen, retryAfterSeconds: retryAfterSeconds)
    }
}
