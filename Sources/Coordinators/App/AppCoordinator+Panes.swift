import Models
import ViewModels

extension AppCoordinator {
    /// What a Library pane's form does, for a signed-in viewer (`submitLibrary` sent visitors to
    /// sign in first): the one place a pane's submission is decided.
    func submitPane(_ pane: LibraryPane, form: FormInput, viewer: Viewer) throws -> NavigationOutcome {
        switch pane {
        case .settings where form[Self.intentField] == Self.resetNavigationIntent:
            resetNavigation()
            notice = Notice.navigationReset
            return .redirect(.library(resolvedLibraryHome()))
        case .settings:
            var model = SettingsViewModel(settings: viewer.settings, user: viewer.user?.id, accounts: dependencies.accounts)
            let retryAfterSeconds: Int?
            switch try model.submit(form) {
            case .succeeded:
                notice = Notice.settingsSaved
                return .redirect(.library(.pane(pane)))
            case .invalid:
                retryAfterSeconds = nil
            case .rateLimited(_, let seconds):
                retryAfterSeconds = seconds
            }
            library.show(.pane(pane))
            visit(.library(.pane(pane)))
            let screen = builder(for: viewer).libraryScreen(url: .library(.pane(pane)), status: .invalid, settingsModel: model)
            return Self.refusal(screen, retryAfterSeconds: retryAfterSeconds)
        }
    }
}
