import ViewModels

/// One pane of the Library, whole: what it shows and what its form does, in one type per pane
/// (`SettingsPane`). Its URL, title and whether it takes a form are declared in `LibraryPane`;
/// everything else treats panes alike.
protocol LibraryPaneScreen {
    /// Adds what the pane shows to the Library's content. `refused`: what `submit` handed to
    /// `ScreenBuilder.libraryScreen` after a refused form, to show again with its errors.
    static func addContent(to content: inout LibraryContent, builder: ScreenBuilder, refused: Any?)

    /// Decides a POST to the pane, for a signed-in viewer (visitors were sent to sign in first):
    /// its outcome, or the store's write it asks for and how to finish once the write is done
    /// (`AppCoordinator.decide`).
    static func decide(_ form: FormInput, coordinator: AppCoordinator, viewer: Viewer) throws -> Submission
}
