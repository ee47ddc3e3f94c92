@testable import Coordinators
import Models
import TestSupport
import Synchronization

/// A coordinator over the sample data, with a clock that ticks one millisecond per reading.
struct Fixture {
    /// Ada (`u1`) added every sample item, so she may change them.
    let catalog: InMemoryCatalog
    let accounts = InMemoryAccounts()
    let dependencies: AppDependencies

    init(
        isDevelopment: Bool = false, ledgerCapacity: Int = 50,
        catalog: InMemoryCatalog = InMemoryCatalog.sample(creator: UserID("u1"))
    ) {
        self.catalog = catalog
        accounts.add(username: "ada", email: "ada@example.com", password: "correct-horse")
        let ticks = Atomic<Int64>(1_790_000_000_000)
        dependencies = AppDependencies(
            catalog: catalog, accounts: accounts, today: { CalendarDate(year: 2026, month: 11, day: 22) },
            now: { ticks.add(1, ordering: .relaxed).newValue }, isDevelopment: isDevelopment,
            ledgerCapacity: ledgerCapacity)
    }

    func coordinator() -> AppCoordinator { AppCoordinator(dependencies: dependencies) }

    /// Books with `count` items (ids 1…count, "Book n"), so its list has pages; Films holds the next id.
    static func paged(itemsInBooks count: Int) -> Fixture {
        let day = CalendarDate(year: 2026, month: 1, day: 8)
        let creator = UserID("u1")
        let items = (1...count).map {
            Item(id: ItemID($0), category: books, title: "Book \($0)", subtitle: "", createdAt: day, creator: creator)
        } + [Item(id: ItemID(count + 1), category: films, title: "Alien", subtitle: "Scott", createdAt: day, creator: creator)]
        return Fixture(catalog: InMemoryCatalog(
            categories: [Category(id: books, name: "Books"), Category(id: films, name: "Films")], items: items))
    }

    var ada: User { accounts.user(UserID("u1")) ?? User(id: UserID("u1"), username: "ada", email: "ada@example.com") }
}

let visitor = Viewer.visitor()
let books = CategoryID("books")
let films = CategoryID("films")

extension AppCoordinator {
    /// Shows the URL and returns the screen; records an issue for any other outcome.
    func screen(at url: String, viewer: Viewer = visitor) -> Screen? {
        guard let route = AppRoute.parse(url: url) else { return nil }
        return show(route, viewer: viewer).screen
    }
}

extension Screen {
    var tabHrefs: [String] { tabs.map { $0.href.print() } }

    var library: LibraryContent? {
        if case .library(let content) = content { return content }
        return nil
    }

    var flow: FlowContent? {
        if case .flow(let content) = content { return content }
        return nil
    }

    var notFound: NotFoundContent? {
        if case .notFound(let content) = content { return content }
        return nil
    }

    var forbidden: ForbiddenContent? {
        if case .forbidden(let content) = content { return content }
        return nil
    }

    /// Every href and form action on the screen, printed, for checking they all parse.
    var allURLs: [String] { allRoutes.map { $0.print() } }

    /// Every href and form action on the screen.
    var allRoutes: [AppRoute] {
        var urls = [url] + tabs.map(\.href) + breadcrumbs.map(\.href) + (backLink.map { [$0.href] } ?? [])
        urls += [viewer.loginHref, viewer.registerHref, viewer.logoutAction, viewer.settingsHref, viewer.inspectorHref]
        if let sheet { urls += [sheet.dismissHref] + (sheet.form.map { [$0.action] } ?? []) }
        switch content {
        case .library(let library):
            urls += library.categories.map(\.href) + [library.settingsLink.href]
            if let list = library.list { urls += [list.newItemHref, list.wizardHref] + list.rows.map(\.href) }
            if let detail = library.detail {
                urls += detail.tabs.map(\.href) + [detail.closeHref]
                if let options = detail.options {
                    urls += [options.editForm.action, options.favouriteAction, options.deleteHref]
                }
            }
            if let settings = library.settings { urls.append(settings.form.action) }
        case .flow(let flow):
            urls += flow.choices.map(\.href) + (flow.backToRoot.map { [$0.href] } ?? [])
        case .screen(let tab):
            urls += [tab.detailHref, tab.sheetHref]
        case .account(let account):
            urls += [account.form.action] + account.links.map(\.href)
        case .notFound(let notFound):
            urls += [notFound.nearest.href] + notFound.closest.map(\.href)
        case .forbidden(let forbidden):
            urls.append(forbidden.homeHref)
        case .inspector:
            break
        }
        return urls
    }
}
