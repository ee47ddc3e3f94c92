import Models
import ViewModels

extension AppCoordinator {
    /// A POST to a screen's URL. Valid: a redirect (post/redirect/get) or a sign-in/out. Invalid: the
    /// same screen, `.invalid`, with errors and the values kept (a sheet stays open). Guarded forms
    /// send visitors to sign in first; a change to an item the viewer may not change is the error
    /// page, `.forbidden`, whatever the form says. `client` is who sent the form, for the account throttles.
    /// Throws only unexpected repository failures.
    public func submit(_ route: AppRoute, form: FormInput, viewer: Viewer, client: Client) throws -> NavigationOutcome {
        guard route.acceptsForms else { return notFound(path: route.print(), viewer: viewer) }
        switch route {
        case .library(let libraryRoute):
            return try submitLibrary(libraryRoute, form: form, viewer: viewer)
        case .account(let accountRoute):
            return try submitAccount(accountRoute, form: form, viewer: viewer, client: client)
        case .root, .flow, .screen, .inspector:
            return notFound(path: route.print(), viewer: viewer)
        }
    }

    private func submitLibrary(_ route: LibraryRoute, form: FormInput, viewer: Viewer) throws -> NavigationOutcome {
        guard viewer.isSignedIn else {
            keepDraft(route, form)
            return signInFirst(then: .library(route))
        }
        switch check(route) {
        case .valid: break
        case .moved, .missing: return showLibrary(route, viewer: viewer)
        }
        let catalog = dependencies.catalog
        do {
            switch route {
            case .newItem(let category):
                guard let list = ItemListViewModel(category: category, settings: viewer.settings, catalog: catalog) else {
                    return showLibrary(route, viewer: viewer)
                }
                switch try list.addItem(form, creator: viewer.user?.id) {
                case .succeeded(let item):
                    notice = Notice.itemAdded(item)
                    return .redirect(.library(.item(category, item.id, nil)))
                case .invalid(let state):
                    return refusedLibraryForm(route, state: state, viewer: viewer)
                case .rateLimited(let state, let seconds):
                    return refusedLibraryForm(route, state: state, viewer: viewer, retryAfterSeconds: seconds)
                }
            case .item(let category, let id, _):
                guard let detail = ItemDetailViewModel(item: id, tab: .options, viewer: viewer.user, catalog: catalog) else {
                    return showLibrary(route, viewer: viewer)
                }
                guard detail.canEdit else { return forbidden(category, id, viewer: viewer).outcome() }
                switch try detail.submitOptions(form) {
                case .succeeded(let item):
                    notice = item.isFavourite == detail.item.isFavourite ? Notice.itemSaved(item) : Notice.favourite(item)
                    return .redirect(.library(.item(category, id, .options)))
                case .invalid(let state):
                    return refusedLibraryForm(route, state: state, viewer: viewer)
                case .rateLimited(let state, let seconds):
                    return refusedLibraryForm(route, state: state, viewer: viewer, retryAfterSeconds: seconds)
                }
            case .deleteItem(let category, let id):
                guard let detail = ItemDetailViewModel(item: id, viewer: viewer.user, catalog: catalog) else {
                    return showLibrary(route, viewer: viewer)
                }
                guard detail.canEdit else { return forbidden(category, id, viewer: viewer).outcome() }
                // Back to the list's page the item was on, or the last page if that one is gone.
                let page = library.stack.root.category == category ? library.listPage : 1
                try detail.delete()
                rememberDeleted(id, title: detail.item.title)
                notice = Notice.itemDeleted(detail.item.title)
                pruneStaleLocations()
                return .redirect(.library(.category(category, page: min(page, lastListPage(of: category)))))
            case .pane(let pane):
                return try pane.screen.submit(form, coordinator: self, viewer: viewer)
            case .addItem(let category, let step):
                return try submitWizard(category, step, form: form, viewer: viewer)
            case .home, .category:
                return notFound(path: route.print(), viewer: viewer)
            }
        } catch let denied as ItemPermissions.Denied {
            // The view models refuse on their own too; the checks above normally answer first.
            guard let category = route.category else { throw denied }
            return forbidden(category, denied.item, viewer: viewer).outcome()
        } catch is CatalogError {
            // The data changed under the form (deleted in another window): show where things stand now.
            pruneStaleLocations()
            return showLibrary(route, viewer: viewer)
        }
    }

    /// Keeps what a guarded form carried for after signing in: typed values, or a favourite toggle.
    func keepDraft(_ route: LibraryRoute, _ form: FormInput) {
        if let typed = Self.draftable(route, form) {
            draft = FormDraft(route: route, values: typed)
        } else if case .item(_, _, .options) = route, let intent = form[ItemDetailViewModel.intentFieldName],
            intent == "favourite" || intent == "unfavourite"
        {
            draft = FormDraft(route: route, values: ItemDraft(title: "", subtitle: ""), favourite: intent == "favourite")
        }
    }

    /// The forms whose typed values are worth keeping across signing in: new items and edits.
    static func draftable(_ route: LibraryRoute, _ form: FormInput) -> ItemDraft? {
        switch route {
        case .newItem: ItemFormViewModel.typed(form)
        case .item(_, _, .options) where (form[ItemDetailViewModel.intentFieldName] ?? "edit") == "edit":
            ItemFormViewModel.typed(form)
        default: nil
        }
    }

    private func refusedLibraryForm(
        _ route: LibraryRoute, state: FormState, viewer: Viewer, retryAfterSeconds: Int? = nil
    ) -> NavigationOutcome {
        library.show(route, listPage: listPage(for: route))
        visit(.library(route))
        let screen = builder(for: viewer).libraryScreen(url: .library(route), status: .invalid, form: state)
        return Self.refusal(screen, retryAfterSeconds: retryAfterSeconds)
    }

    /// A refused form's screen; throttling keeps its wait so Web can answer 429 with `Retry-After`.
    static func refusal(_ screen: Screen, retryAfterSeconds: Int?) -> NavigationOutcome {
        retryAfterSeconds.map { .rateLimited(screen, retryAfterSeconds: $0) } ?? .render(screen)
    }

    private func submitAccount(
        _ route: AccountRoute, form: FormInput, viewer: Viewer, client: Client
    ) throws -> NavigationOutcome {
        let accounts = dependencies.accountsForClient(client)
        switch route {
        case .login(let next):
            var model = LoginFormViewModel(accounts: accounts)
            return signIn(try model.submit(form), route: route, next: next, viewer: viewer)
        case .register(let next):
            var model = RegisterFormViewModel(accounts: accounts)
            return signIn(try model.submit(form), route: route, next: next, viewer: viewer)
        case .resetPassword(let token):
            var model = ResetPasswordFormViewModel(token: token, accounts: accounts)
            return signIn(try model.submit(form), route: route, next: nil, viewer: viewer)
        case .forgotPassword:
            var model = ForgotPasswordFormViewModel(accounts: accounts)
            let outcome = try model.submit(form)
            switch outcome {
            case .succeeded:
                // Post/redirect/get: a reload of the answer sends nothing again.
                return .redirect(.account(.resetLinkSent))
            case .invalid(let state):
                return .render(builder(for: viewer).accountScreen(route, status: .invalid, state: state))
            case .rateLimited(let state, let seconds):
                return .rateLimited(builder(for: viewer).accountScreen(route, status: .invalid, state: state), retryAfterSeconds: seconds)
            }
        case .resetLinkSent:
            return notFound(path: route.print(), viewer: viewer)
        case .logout:
            notice = Notice.signedOut
            return .signOut(then: .library(resolvedLibraryHome()))
        }
    }

    private func signIn(_ outcome: FormOutcome<User>, route: AccountRoute, next: AppRoute?, viewer: Viewer) -> NavigationOutcome {
        switch outcome {
        case .succeeded(let user):
            let destination = account.completeSignIn(next: next, fallback: fallbackLocation)
            finishAccountFlow()
            notice = Notice.signedIn(user)
            resumeFavourite(at: destination, by: user)
            return .signIn(user, then: nearestValid(destination))
        case .invalid(let state):
            account.remember(next)
            return .render(builder(for: viewer).accountScreen(route, status: .invalid, state: state))
        case .rateLimited(let state, let seconds):
            return .rateLimited(
                builder(for: viewer).accountScreen(route, status: .invalid, state: state), retryAfterSeconds: seconds)
        }
    }
}
