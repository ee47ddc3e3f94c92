import Models
import Navigation
import ViewModels

/// Builds screen data from navigation state the coordinator has already decided: the view models,
/// the links (as routes) and the chrome. It only reads, so it runs outside the session's lock, on a
/// value copy of the state, while the coordinator goes on to the session's next request.
///
/// Deciding lives in `AppCoordinator`; adding a screen means a route, a `ScreenRequest` case, and a
/// builder method here.
public struct ScreenBuilder: Sendable {
    public let state: NavigationSnapshot
    public let viewer: Viewer
    public let dependencies: AppDependencies
    /// What the screen reads from the store, when it was read ahead (`PendingOutcome.outcome(knowing:)`):
    /// then the screen is built from it, not from the store.
    var readAhead: ReadAhead?

    public init(state: NavigationSnapshot, viewer: Viewer, dependencies: AppDependencies) {
        self.state = state
        self.viewer = viewer
        self.dependencies = dependencies
    }

    /// The screen a GET asked for.
    public func screen(for request: ScreenRequest) -> Screen {
        switch request {
        case .library(let url, let draft): libraryScreen(url: url, form: draft.map { ItemFormViewModel(draft: $0).state })
        case .flow(let route): flowScreen(route)
        case .screenTab(let route): screenTabScreen(route)
        case .account(let route): accountScreen(route)
        case .inspector(let snapshot): inspectorScreen(snapshot)
        case .notFound(let requested, let nearest): notFoundScreen(requested: requested, nearest: nearest)
        case .forbidden(let category, let item): forbiddenScreen(category: category, item: item)
        }
    }

    // The tabs' stacks as decided; a tab never opened shows its first screen.
    var libraryStack: NavigationStack<LibraryRoute> { state.library ?? NavigationStack(root: libraryHome) }
    var flowStack: NavigationStack<FlowRoute> { state.flow ?? NavigationStack(root: .primary) }
    var screenStack: NavigationStack<ScreenTabRoute> { state.screen ?? NavigationStack(root: .primary) }

    /// The list `/library` stands for, so links go straight to it rather than through its redirect.
    var libraryHome: LibraryRoute {
        LibraryCoordinator.home(remembering: state.selectedCategory, in: dependencies.catalog)
    }

    /// `route`, with `/library` replaced by the list it stands for.
    func linkable(_ route: LibraryRoute) -> LibraryRoute {
        route == .home ? libraryHome : route
    }
}
