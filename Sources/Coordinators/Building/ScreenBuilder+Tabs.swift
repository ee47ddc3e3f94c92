import ViewModels

extension ScreenBuilder {
    func flowScreen(_ route: FlowRoute) -> Screen {
        let model = FlowViewModel(step: FlowStep(rawValue: route.rawValue) ?? .primary)
        let content = FlowContent(
            title: model.title, summary: model.summary,
            choices: model.choices.compactMap { choice in
                FlowRoute(rawValue: choice.step.rawValue).map {
                    FlowContent.Choice(title: choice.title, summary: choice.summary, href: .flow($0))
                }
            },
            backToRoot: route == .tertiary ? Link(title: "Back to root", href: .flow(.primary)) : nil)
        var screen = makeScreen(.flow, route: .flow(route), content: .flow(content))
        (screen.breadcrumbs, screen.backLink) = trail(flowStack) { Self.title(of: $0) }
        return screen
    }

    func screenTabScreen(_ route: ScreenTabRoute) -> Screen {
        let model = ScreenTabViewModel(today: dependencies.today())
        let content = ScreenTabContent(
            title: model.title, summary: model.summary, todayText: model.todayText, todayISO: model.todayISO,
            detailHref: .screen(.detail), sheetHref: .screen(.sheet),
            detail: route == .detail ? ScreenTabContent.Detail(title: model.detailTitle, text: model.detailText) : nil)
        let stack = screenStack
        var screen = makeScreen(.screen, route: .screen(route), content: .screen(content))
        (screen.breadcrumbs, screen.backLink) = trail(stack) { title(of: $0) }
        if stack.sheet == .sheet {
            screen.sheet = Sheet(
                kind: .screenSheet, title: model.sheetTitle, message: model.sheetText,
                dismissHref: .screen(stack.top))
        }
        return screen
    }

    func inspectorScreen(_ snapshot: InspectorSnapshot) -> Screen {
        makeScreen(.inspector, route: .inspector, content: .inspector(InspectorViewModel(snapshot: snapshot)))
    }
}
