import Navigation
import Models

/// A session's navigation state as a value: saved at shutdown and periodically, restored into a
/// new `AppCoordinator` (which validates it against the data first).
public struct NavigationSnapshot: Hashable, Sendable, Codable {
    public static let currentVersion = 1

    public var version: Int
    public var activeTab: AppTab?
    /// Where `/` goes.
    public var lastLocation: AppRoute?
    /// Where to return after signing in.
    public var returnTo: AppRoute?
    public var library: NavigationStack<LibraryRoute>?
    /// The category `/library` shows, remembered even while settings are open.
    public var selectedCategory: CategoryID?
    public var flow: NavigationStack<FlowRoute>?
    public var screen: NavigationStack<ScreenTabRoute>?
    /// A confirmation waiting to be shown once, on the next screen.
    public var notice: String?
    /// A guarded form's values, typed before signing in.
    public var draft: FormDraft?

    public init(
        version: Int = NavigationSnapshot.currentVersion, activeTab: AppTab? = nil, lastLocation: AppRoute? = nil,
        returnTo: AppRoute? = nil, library: NavigationStack<LibraryRoute>? = nil, selectedCategory: CategoryID? = nil,
        flow: NavigationStack<FlowRoute>? = nil, screen: NavigationStack<ScreenTabRoute>? = nil, notice: String? = nil,
        draft: FormDraft? = nil
    ) {
        self.version = version
        self.activeTab = activeTab
        self.lastLocation = lastLocation
        self.returnTo = returnTo
        self.library = library
        self.selectedCategory = selectedCategory
        self.flow = flow
        self.screen = screen
        self.notice = notice
        self.draft = draft
    }
}
