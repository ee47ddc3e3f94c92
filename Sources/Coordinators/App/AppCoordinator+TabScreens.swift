import ViewModels

extension AppCoordinator {
    func flowScreen(_ route: FlowRoute, viewer: Viewer) -> Screen {
        let model = FlowViewModel(step: FlowStep(rawValue: route.rawValue) ?? .primary)
        let content = FlowContent(
            title: model.title, summary: model.summary,
            choices: model.choices.compactMap { choice in
                FlowRoute(rawValue: choice.step.rawValue).map {
                    FlowContent.Choice(title: choice.title, summary: choice.summary, href: .flow($0))
                }
            },
            backToRoot: route == .tertiary ? Link(title: "Back to root", href: .flow(.primary)) : nil)
        var screen = makeScreen(.flow, route: .flow(route), viewer: viewer, content: .flow(content))
        (screen.breadcrumbs, screen.backLink) = trail(flow.stack) { Self.title(of: $0) }
        return screen
    }

    func screenTabScreen(_ route: ScreenRoute, viewer: Viewer) -> Screen {
        let model = ScreenTabViewModel(today: dependencies.today())
        let content = ScreenTabContent(
            title: model.title, summary: model.summary, todayText: model.todayText, todayISO: model.todayISO,
            detailHref: .screen(.detail), sheetHref: .screen(.sheet),
            detail: route == .detail ? ScreenTabContent.Detail(title: model.detailTitle, text: model.detailText) : nil)
        let stack = self.screen.stack
        var screen = makeScreen(.screen, route: .screen(route), viewer: viewer, content: .screen(content))
        (screen.breadcrumbs, screen.backLink) = trail(stack) { title(of: $0) }
        if stack.sheet == .sheet {
            screen.sheet = Sheet(
                kind: .screenSheet, title: model.sheetTitle, message: model.sheetText,
                dismissHref: .screen(stack.top))
        }
        return screen
    }

    func inspectorScreen(viewer: Viewer) -> Screen {
        makeScreen(.inspector, route: .inspector, viewer: viewer, content: .inspector(InspectorViewModel(snapshot: inspectorSnapshot())))
    }
}
