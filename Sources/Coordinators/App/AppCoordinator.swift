import Models
import Navigation
import ViewModels

/// One browser session's navigation: the tabs' stacks, where `/` goes, where to return after
/// signing in, and the ledger. Plain and confined to its session: Web calls it under the session's
/// lock, one request at a time.
///
/// Every request reconciles the state to its URL first, so the URL is the whole state of the tab it
/// shows and two windows of one session each see their own screen.
public final class AppCoordinator: Coordinator {
    public var name: String { "AppCoordinator" }
    public weak var parent: (any Coordinator)?
    /// Made on first use (see `library`, `flow`, `screen`, `account`).
    public var children: [any Coordinator] = []
    public let dependencies: AppDependencies
    /// The tab of the last tab screen shown.
    public internal(set) var activeTab: AppTab?
    /// Where `/` goes.
    public internal(set) var lastLocation: AppRoute?
    public internal(set) var ledger: NavigationLedger
    /// A guarded form's values typed by a visitor, for the form once they have signed in.
    public internal(set) var draft: FormDraft? {
        didSet { if draft != oldValue { changeCount += 1 } }
    }
    /// A confirmation for the next screen (after a form succeeded), shown once.
    public internal(set) var notice: String? {
        didSet { if notice != oldValue { changeCount += 1 } }
    }
    /// Items this session deleted lately, so Back to one shows its list rather than a 404; kept in
    /// memory only (after a restart such a page is a plain 404 again).
    var deletedItems: [(id: ItemID, title: String)] = []
    /// Grows whenever the navigation state changes, so Web can save only sessions that moved.
    public internal(set) var changeCount = 0

    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
        ledger = NavigationLedger(capacity: dependencies.ledgerCapacity)
    }

    // MARK: Children, made when first needed

    public var library: LibraryCoordinator { started(dependencies.factory.library) }
    public var flow: FlowCoordinator { started(dependencies.factory.flow) }
    public var screen: ScreenTabCoordinator { started(dependencies.factory.screen) }
    /// Lives from the first account screen until signing in is done (`finishAccountFlow`).
    public var account: AccountCoordinator { started(dependencies.factory.account) }

    /// The child of that type, started (and the start recorded) when first needed.
    private func started<Child: Coordinator>(_ make: () -> Child) -> Child {
        if let child = existingChild(Child.self) { return child }
        let child = addChild(make())
        recordLifecycle(.start, of: child)
        return child
    }

    /// The account flow is over (signed in, registered, password reset): its coordinator leaves,
    /// so nothing of it outlives the flow.
    func finishAccountFlow() {
        guard let account = existingChild(AccountCoordinator.self) else { return }
        account.finish()
        recordLifecycle(.finish, of: account)
    }

    // MARK: Requests

    /// A GET: reconciles the navigation state to `route` and says what to show.
    public func show(_ route: AppRoute, viewer: Viewer) -> NavigationOutcome {
        navigate(to: route, viewer: viewer).outcome()
    }

    /// A GET in two halves: this one reconciles the state and decides; the outcome it returns
    /// builds the screen from a value copy of the state (see `PendingOutcome`).
    public func navigate(to route: AppRoute, viewer: Viewer) -> PendingOutcome {
        switch route {
        case .root:
            return .ready(.redirect(fallbackLocation))
        case .inspector:
            return build(.inspector(inspectorSnapshot(isSignedIn: viewer.isSignedIn)), for: viewer)
        case .account(let accountRoute):
            return navigate(to: accountRoute, viewer: viewer)
        case .library(let libraryRoute):
            return navigate(to: libraryRoute, viewer: viewer)
        case .flow(let flowRoute):
            flow.show(flowRoute)
            visit(route)
            return build(.flow(flowRoute), for: viewer)
        case .screen(let screenRoute):
            screen.show(screenRoute)
            visit(route)
            return build(.screenTab(screenRoute), for: viewer)
        }
    }

    /// The screen for a URL that names no route (404), with the nearest screen that exists: the
    /// path's own screen when only the query was wrong (a malformed `page`), else its longest prefix.
    public func notFound(path: String, query: String? = nil, viewer: Viewer) -> NavigationOutcome {
        let nearest = query == nil ? nil : AppRoute.parse(path: path).map(nearestValid)
        return build(.notFound(requested: path, nearest: nearest ?? nearestRoute(toPath: path)), for: viewer).outcome()
    }

    func visit(_ route: AppRoute) {
        if lastLocation != route { changeCount += 1 }
        activeTab = route.tab ?? activeTab
        lastLocation = route
    }

    func showLibrary(_ route: LibraryRoute, viewer: Viewer) -> NavigationOutcome {
        navigate(to: route, viewer: viewer).outcome()
    }

    func navigate(to route: LibraryRoute, viewer: Viewer) -> PendingOutcome {
        if route == .home {
            // `/library` names the remembered category's list, which has a URL of its own.
            let home = resolvedLibraryHome()
            if home != .home { return .ready(.canonical(.library(home))) }
        }
        switch check(route) {
        case .moved(let canonical):
            return .ready(.redirect(.library(canonical)))
        case .missing(let nearest):
            return build(.notFound(requested: route.print(), nearest: .library(nearest)), for: viewer)
        case .valid:
            break
        }
        if route.isGuarded && !viewer.isSignedIn {
            return .ready(signInFirst(then: .library(route)))
        }
        if case .deleteItem(let category, let id) = route, !mayChange(id, viewer: viewer) {
            return forbidden(category, id, viewer: viewer)
        }
        if case .addItem(let category, let step) = route { return showWizard(category, step, viewer: viewer) }
        // Any other Library screen closes the wizard's sheet (its Cancel is the list's link).
        finishWizard()
        library.show(route, listPage: listPage(for: route))
        visit(.library(route))
        // Back at a form left to sign in: it shows what was typed, once.
        let typed = viewer.isSignedIn && draft?.route == route && draft?.favourite == nil ? draft?.values : nil
        if typed != nil { draft = nil }
        return build(.library(url: .library(route), draft: typed), for: viewer)
    }

    func navigate(to route: AccountRoute, viewer: Viewer) -> PendingOutcome {
        switch route {
        case .login(let next), .register(let next):
            if viewer.isSignedIn {
                let destination = existingChild(AccountCoordinator.self)?.completeSignIn(next: next, fallback: fallbackLocation)
                finishAccountFlow()
                return .ready(.redirect(destination ?? next ?? fallbackLocation))
            }
            account.remember(next)
        case .forgotPassword(let next):
            // Signed in already: nothing to recover, and no account flow to start (and leave open).
            if viewer.isSignedIn { return .ready(.redirect(next ?? fallbackLocation)) }
            account.remember(next)
        case .resetPassword, .resetLinkSent:
            break
        case .logout:
            return .ready(.redirect(fallbackLocation))
        }
        record(show: .account(route), by: account.name)
        return build(.account(route), for: viewer)
    }

    /// Leaves `request` to be built from the state as decided now; a waiting notice goes with it,
    /// once.
    func build(_ request: ScreenRequest, for viewer: Viewer) -> PendingOutcome {
        let builder = builder(for: viewer)
        notice = nil
        return .build(request, builder)
    }

    /// Builds screens from the navigation state as it stands.
    func builder(for viewer: Viewer) -> ScreenBuilder {
        ScreenBuilder(state: snapshot(), viewer: viewer, dependencies: dependencies)
    }

    /// A guarded action by a visitor: sign in first, then come back to `route`.
    func signInFirst(then route: AppRoute) -> NavigationOutcome {
        account.remember(route)
        return .redirect(.account(.login(next: route)))
    }

    /// Where to go when nothing more specific is known: never `/library` itself while it redirects.
    var fallbackLocation: AppRoute { lastLocation ?? .library(resolvedLibraryHome()) }

    // MARK: Ledger

    func recordLifecycle(_ kind: NavigationLedger.Kind, of child: any Coordinator) {
        changeCount += 1
        ledger.record(.init(kind: kind, coordinator: child.name, page: "", timestamp: dependencies.now()))
        dependencies.onNavigationEvent(kind)
    }

    func record(show route: AppRoute, by coordinator: String) {
        ledger.record(.init(kind: .show, coordinator: coordinator, page: route.redactedPath, timestamp: dependencies.now()))
        dependencies.onNavigationEvent(.show)
    }

    func record<Page: PrintableRoute>(_ steps: [NavigationStep<Page>], by coordinator: String) {
        guard !steps.isEmpty else { return }
        changeCount += 1
        ledger.record(steps, coordinator: coordinator, at: dependencies.now()) { $0.print() }
        for step in steps { dependencies.onNavigationEvent(step.kind) }
    }
}

extension LibraryRoute {
    /// Screens that change data are for signed-in people only.
    public var isGuarded: Bool {
        switch self {
        case .newItem, .addItem, .deleteItem: true
        case .home, .category, .item, .pane: false
        }
    }
}
