import Models
import ViewModels

extension AppCoordinator {
    /// A POST to a screen's URL. Valid: a redirect (post/redirect/get) or a sign-in/out. Invalid: the
    /// same screen, `.invalid`, with errors and the values kept (a sheet stays open). Guarded forms
    /// send visitors to sign in first; a change to an item the viewer may not change is the error
    /// page, `.forbidden`, whatever the form says. `client` is who sent the form, for the account throttles.
    /// Throws only unexpected repository failures. The store's write, if any, is made here,
    /// blocking: `decide`, the write, then `finish`.
    public func submit(_ route: AppRoute, form: FormInput, viewer: Viewer, client: Client) throws -> NavigationOutcome {
        switch try decide(route, form: form, viewer: viewer, client: client) {
        case .done(let outcome):
            return outcome
        case .write(let write, let then):
            let result = Result { () throws -> StoreWrite.Result in
                try write.perform(catalog: dependencies.catalog, accounts: dependencies.accounts)
            }
            return try finish(then, with: result)
        case .signIn(let attempt, let then):
            // The throttles, the hash and the count in one blocking call (`ThrottledAccounts.authenticate`).
            let result = Result { () throws -> StoreWrite.Result in
                .user(try dependencies.accountsForClient(attempt.client).authenticate(
                    username: attempt.username, password: attempt.password))
            }
            return try finish(then, with: result)
        case .register(let attempt, let then):
            let result = Result { () throws -> StoreWrite.Result in
                .user(try dependencies.accountsForClient(attempt.client).register(
                    username: attempt.username, email: attempt.email, password: attempt.password))
            }
            return try finish(then, with: result)
        case .requestReset(let email, let client, let then):
            let result = Result { () throws -> StoreWrite.Result in
                try dependencies.accountsForClient(client).requestPasswordReset(email: email)
                return .requested
            }
            return try finish(then, with: result)
        case .resetPassword(let attempt, let then):
            let result = Result { () throws -> StoreWrite.Result in
                .user(try dependencies.accountsForClient(attempt.client).resetPassword(
                    token: attempt.token, newPassword: attempt.newPassword))
            }
            return try finish(then, with: result)
        }
    }

    /// `submit` up to the store's write: the outcome, or the write the form asks for and how to
    /// finish after it (`finish`), for a caller that makes the write without holding a thread
    /// (Web, on Redis). Library forms write through `Submission.write`; a sign-in, a
    /// registration, a reset-link request and a reset link's new password are handed back as
    /// attempts.
    public func decide(_ route: AppRoute, form: FormInput, viewer: Viewer, client: Client) throws -> Submission {
        guard route.acceptsForms else { return .done(notFound(path: route.print(), viewer: viewer)) }
        switch route {
        case .library(let libraryRoute):
            return try decideLibrary(libraryRoute, form: form, viewer: viewer)
        case .account(.login(let next)):
            return decideSignIn(next: next, form: form, viewer: viewer, client: client)
        case .account(.register(let next)):
            return decideRegistration(next: next, form: form, viewer: viewer, client: client)
        case .account(.forgotPassword(let next)):
            return decideResetRequest(next: next, form: form, viewer: viewer, client: client)
        case .account(.resetPassword(let token)):
            return decideNewPassword(token: token, form: form, viewer: viewer, client: client)
        case .account(let accountRoute):
            return .done(try submitAccount(accountRoute, form: form, viewer: viewer, client: client))
        case .root, .flow, .screen, .inspector:
            return .done(notFound(path: route.print(), viewer: viewer))
        }
    }

    /// A decided write's result is known: the submission ends as `submit` would have. Rethrows
    /// only unexpected failures (Redis unavailable); a refused write (the item went meanwhile) is
    /// an outcome.
    public func finish(_ pending: SubmissionFinish, with result: Result<StoreWrite.Result, any Error>) throws -> NavigationOutcome {
        try pending.body(self, result)
    }

    private func decideLibrary(_ route: LibraryRoute, form: FormInput, viewer: Viewer) throws -> Submission {
        guard viewer.isSignedIn else {
            keepDraft(route, form)
            return .done(signInFirst(then: .library(route)))
        }
        switch check(route) {
        case .valid: break
        case .moved, .missing: return .done(showLibrary(route, viewer: viewer))
        }
        let catalog = dependencies.catalog
        do {
            switch route {
            case .newItem(let category):
                guard let list = ItemListViewModel(category: category, settings: viewer.settings, catalog: catalog) else {
                    return .done(showLibrary(route, viewer: viewer))
                }
                switch list.addition(form, creator: viewer.user?.id) {
                case .invalid(let state):
                    return .done(refusedLibraryForm(route, state: state, viewer: viewer))
                case .write(let write):
                    return .write(write, then: Self.finishingLibrary(route, viewer: viewer) { coordinator, result in
                        let item = try Self.item(result)
                        coordinator.notice = Notice.itemAdded(item)
                        return .redirect(.library(.item(category, item.id, nil)))
                    })
                }
            case .item(let category, let id, _):
                guard let detail = ItemDetailViewModel(item: id, tab: .options, viewer: viewer.user, catalog: catalog) else {
                    return .done(showLibrary(route, viewer: viewer))
                }
                guard detail.canEdit else { return .done(forbidden(category, id, viewer: viewer).outcome()) }
                switch try detail.optionsWrite(form) {
                case .invalid(let state):
                    return .done(refusedLibraryForm(route, state: state, viewer: viewer))
                case .write(let write):
                    let wasFavourite = detail.item.isFavourite
                    return .write(write, then: Self.finishingLibrary(route, viewer: viewer) { coordinator, result in
                        let item = try Self.item(result)
                        coordinator.notice = item.isFavourite == wasFavourite ? Notice.itemSaved(item) : Notice.favourite(item)
                        return .redirect(.library(.item(category, id, .options)))
                    })
                }
            case .deleteItem(let category, let id):
                guard let detail = ItemDetailViewModel(item: id, viewer: viewer.user, catalog: catalog) else {
                    return .done(showLibrary(route, viewer: viewer))
                }
                guard detail.canEdit else { return .done(forbidden(category, id, viewer: viewer).outcome()) }
                // Back to the list's page the item was on, or the last page if that one is gone.
                let page = library.stack.root.category == category ? library.listPage : 1
                let title = detail.item.title
                return .write(try detail.deletion(), then: Self.finishingLibrary(route, viewer: viewer) { coordinator, result in
                    _ = try result.get()
                    coordinator.rememberDeleted(id, title: title)
                    coordinator.notice = Notice.itemDeleted(title)
                    coordinator.pruneStaleLocations()
                    return .redirect(.library(.category(category, page: min(page, coordinator.lastListPage(of: category)))))
                })
            case .pane(let pane):
                return try pane.screen.decide(form, coordinator: self, viewer: viewer)
            case .addItem(let category, let step):
                return try decideWizard(category, step, form: form, viewer: viewer)
            case .home, .category:
                return .done(notFound(path: route.print(), viewer: viewer))
            }
        } catch {
            return .done(try libraryRefusal(error, route: route, viewer: viewer))
        }
    }

    /// A decided library write's finish: `body`, with the refusals `decideLibrary` makes of a
    /// permission or a catalog error, whether the write or the finish raised it.
    static func finishingLibrary(
        _ route: LibraryRoute, viewer: Viewer,
        _ body: @escaping @Sendable (AppCoordinator, Result<StoreWrite.Result, any Error>) throws -> NavigationOutcome
    ) -> SubmissionFinish {
        SubmissionFinish { coordinator, result in
            do {
                return try body(coordinator, result)
            } catch {
                return try coordinator.libraryRefusal(error, route: route, viewer: viewer)
            }
        }
    }

    /// The item a write wrote.
    static func item(_ result: Result<StoreWrite.Result, any Error>) throws -> Item {
        guard let item = try result.get().item else { preconditionFailure("an item's write came back without the item") }
        return item
    }

    /// The account a write saved.
    static func user(_ result: Result<StoreWrite.Result, any Error>) throws -> User {
        guard let user = try result.get().user else { preconditionFailure("an account's write came back without the account") }
        return user
    }

    /// What a library form that failed for these reasons shows; rethrows anything else.
    private func libraryRefusal(_ error: any Error, route: LibraryRoute, viewer: Viewer) throws -> NavigationOutcome {
        switch error {
        case let denied as ItemPermissions.Denied:
            // The view models refuse on their own too; the checks above normally answer first.
            guard let category = route.category else { throw denied }
            return forbidden(category, denied.item, viewer: viewer).outcome()
        case is CatalogError:
            // The data changed under the form (deleted in another window): show where things stand now.
            pruneStaleLocations()
            return showLibrary(route, viewer: viewer)
        default:
            throw error
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
            return resetRequested(try model.submit(form), route: route, viewer: viewer)
        case .resetLinkSent:
            return notFound(path: route.print(), viewer: viewer)
        case .logout:
            notice = Notice.signedOut
            return .signOut(then: .library(resolvedLibraryHome()))
        }
    }

    func signIn(_ outcome: FormOutcome<User>, route: AccountRoute, next: AppRoute?, viewer: Viewer) -> NavigationOutcome {
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
