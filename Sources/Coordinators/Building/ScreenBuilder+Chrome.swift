import Navigation

extension ScreenBuilder {
    /// The tab bar: each tab links to where it was left; the active tab links to its root, so
    /// following it pops the stack.
    func tabLinks(active: AppTab?) -> [Link] {
        AppTab.allCases.map { tab in
            let route = tab == active ? rootRoute(of: tab) : rememberedRoute(of: tab)
            return Link(title: tab.title, href: route, isCurrent: tab == active, icon: tab.rawValue)
        }
    }

    /// The screen a tab shows now (stack and sheet), or its first screen if never opened.
    func rememberedRoute(of tab: AppTab) -> AppRoute {
        switch tab {
        case .library: .library(linkable(state.library?.visible ?? .home))
        case .flow: .flow(state.flow?.visible ?? .primary)
        case .screen: .screen(state.screen?.visible ?? .primary)
        }
    }

    func rootRoute(of tab: AppTab) -> AppRoute {
        switch tab {
        case .library: .library(linkable(state.library?.root ?? .home))
        case .flow: .flow(.primary)
        case .screen: .screen(.primary)
        }
    }

    /// Breadcrumbs to every earlier page of the stack and a back link to the one just under the top.
    /// Under a sheet every page of the stack is an earlier page, the one the sheet covers included.
    func trail<Page: PrintableRoute>(
        _ stack: NavigationStack<Page>, title: (Page) -> String
    ) -> (breadcrumbs: [Link], backLink: Link?) {
        func link(_ page: Page) -> Link { Link(title: title(page), href: page.appRoute) }
        // Each crumb's title asked once (the back link is one of them), without building the stack's
        // page array: a title may read the catalog.
        let pushed = stack.sheet == nil ? stack.pushed.dropLast() : stack.pushed[...]
        var crumbs: [Link] = []
        if stack.sheet != nil || !stack.pushed.isEmpty {
            crumbs.reserveCapacity(pushed.count + 1)
            crumbs.append(link(stack.root))
            for page in pushed { crumbs.append(link(page)) }
        }
        return (crumbs, stack.sheet == nil ? crumbs.last : crumbs.dropLast().last)
    }

    func viewerChrome(current: AppRoute) -> ViewerChrome {
        // On an account screen the links keep where it returns to (Create account on /login?next=…).
        let next: AppRoute? = switch current {
        case .account(.login(let next)), .account(.register(let next)), .account(.forgotPassword(let next)): next
        case .account: nil
        default: current
        }
        return ViewerChrome(
            isSignedIn: viewer.isSignedIn, displayName: viewer.user?.displayName, theme: viewer.settings.theme.rawValue,
            loginHref: .account(.login(next: next)),
            registerHref: .account(.register(next: next)),
            logoutAction: .account(.logout),
            settingsHref: .library(.settings),
            inspectorHref: .inspector)
    }

    /// A screen with the chrome every page shares filled in. Everything else a screen shows can be
    /// given here too, so the screen is made in one go: a large value set field by field after its
    /// making was copied whole (and the old one released) at each step.
    func makeScreen(
        _ template: ScreenTemplate, route: AppRoute, status: ScreenStatus = .ok, title: String? = nil,
        trail: (breadcrumbs: [Link], backLink: Link?) = ([], nil), keepsBreadcrumbRow: Bool = false, sheet: Sheet? = nil,
        content: ScreenContent
    ) -> Screen {
        Screen(
            template: template, title: title ?? self.title(of: route), url: route, status: status,
            tabs: tabLinks(active: route.tab), breadcrumbs: trail.breadcrumbs, backLink: trail.backLink,
            viewer: viewerChrome(current: route), content: content, sheet: sheet, notice: state.notice,
            keepsBreadcrumbRow: keepsBreadcrumbRow)
    }
}
