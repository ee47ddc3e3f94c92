import Models
import ViewModels

extension AppCoordinator {
    var wizard: AddItemWizardCoordinator? { existingChild(AddItemWizardCoordinator.self) }

    /// The wizard for `category`, started (and recorded) when there is none; one for another
    /// category is finished first.
    func startWizard(in category: CategoryID) -> AddItemWizardCoordinator {
        if let wizard, wizard.category == category { return wizard }
        finishWizard()
        let wizard = addChild(AddItemWizardCoordinator(category: category))
        recordLifecycle(.start, of: wizard)
        return wizard
    }

    /// The sheet closed (Cancel, or any other Library screen) or the item was added.
    func finishWizard() {
        guard let wizard else { return }
        wizard.finish()
        recordLifecycle(.finish, of: wizard)
    }

    /// A GET of a step: shown when its earlier steps are done, else their first is.
    func showWizard(_ category: CategoryID, _ step: WizardStep, viewer: Viewer) -> PendingOutcome {
        let wizard = startWizard(in: category)
        let reachable = wizard.reachable(step)
        if reachable != step { return .ready(.redirect(.library(.addItem(category, reachable)))) }
        let route = LibraryRoute.addItem(category, step)
        library.show(route, listPage: listPage(for: route))
        visit(.library(route))
        record(show: .library(route), by: wizard.name)
        return build(.library(url: .library(route), draft: wizard.draft), for: viewer)
    }

    /// A step's form: Back keeps what was typed and goes one step back; Next checks this step's
    /// fields (422 with the step again when they fail) and goes on; the review adds the item (a
    /// write, finished once it is made).
    func decideWizard(
        _ category: CategoryID, _ step: WizardStep, form: FormInput, viewer: Viewer
    ) throws -> Submission {
        let wizard = startWizard(in: category)
        wizard.keep(form, from: step)
        changeCount += 1
        if form[Self.intentField] == "back", let previous = step.previous {
            return .done(.redirect(.library(.addItem(category, previous))))
        }
        let reachable = wizard.reachable(step)
        if reachable != step { return .done(.redirect(.library(.addItem(category, reachable)))) }
        let input: FormInput = ["title": wizard.draft.title, "subtitle": wizard.draft.subtitle]
        var model = ItemFormViewModel()
        _ = model.validate(input)
        let route = LibraryRoute.addItem(category, step)
        let names = step == .review ? ["title", "subtitle"] : AddItemWizardCoordinator.fieldNames(of: step)
        if model.state.fields.contains(where: { names.contains($0.name) && $0.error != nil }) {
            wizard.done.remove(step)
            return .done(refusedWizardStep(route, state: model.state, viewer: viewer))
        }
        wizard.done.insert(step)
        if let next = step.next { return .done(.redirect(.library(.addItem(category, next)))) }
        guard let list = ItemListViewModel(category: category, settings: viewer.settings, catalog: dependencies.catalog) else {
            return .done(showLibrary(route, viewer: viewer))
        }
        switch list.addition(input, creator: viewer.user?.id) {
        case .invalid(let state):
            return .done(refusedWizardStep(route, state: state, viewer: viewer))
        case .write(let write):
            return .write(write, then: Self.finishingLibrary(route, viewer: viewer) { coordinator, result in
                let item = try Self.item(result)
                coordinator.finishWizard()
                coordinator.notice = Notice.itemAdded(item)
                return .redirect(.library(.item(category, item.id, nil)))
            })
        }
    }

    private func refusedWizardStep(_ route: LibraryRoute, state: FormState, viewer: Viewer) -> NavigationOutcome {
        library.show(route, listPage: listPage(for: route))
        visit(.library(route))
        return .render(builder(for: viewer).libraryScreen(url: .library(route), status: .invalid, form: state))
    }
}
