import Models
import Navigation
import ViewModels

extension ScreenBuilder {
    /// The Library as its stack stands. `form` replaces the visible form's state (a refused
    /// submission); `refusedPane` what a pane's refused form shows again (`LibraryPaneScreen`).
    func libraryScreen(
        url: AppRoute, status: ScreenStatus = .ok, form: FormState? = nil, refusedPane: Any? = nil
    ) -> Screen {
        let stack = libraryStack
        let isShowingSettings = stack.root == .settings
        let catalog = dependencies.catalog
        let category = stack.root.category
        func itemPage(_ page: LibraryRoute) -> (CategoryID, ItemID, DetailTab)? {
            if case .item(let category, let item, let tab) = page { return (category, item, tab ?? .overview) }
            return nil
        }
        // The topmost item page, without making an array of the stack's pages.
        let detail = stack.pushed.reversed().lazy.compactMap(itemPage).first ?? itemPage(stack.root)
        let detailModel = detail.flatMap {
            ItemDetailViewModel(item: $0.1, tab: $0.2, viewer: viewer.user, catalog: catalog, accounts: dependencies.accounts)
        }

        // The list's page, as the stack stands on it (the page that holds the item beside it).
        let listPage = stack.root.listPage ?? 1
        let snapshot = catalog.snapshot(
            selecting: category, order: .id, page: listPage, pageSize: ItemListViewModel.pageSize)
        let sidebar = SidebarViewModel(selected: category, isSettingsSelected: isShowingSettings, snapshot: snapshot)
        var content = LibraryContent(
            categories: sidebar.rows.map { row in
                LibraryContent.CategoryLink(
                    name: row.name, href: .library(.category(row.id)), itemCount: row.itemCount,
                    itemCountText: row.itemCountText, isSelected: row.isSelected)
            },
            settingsLink: Link(title: "Settings", href: .library(.settings), isCurrent: isShowingSettings))

        let listRoute = { (category: CategoryID) in AppRoute.library(.category(category, page: listPage)) }
        if let category,
            let list = ItemListViewModel(
                snapshot: snapshot, selected: detail?.1, page: listPage, settings: viewer.settings, catalog: catalog)
        {
            content.list = ItemListContent(
                url: .library(.category(category, page: list.page)), categoryName: list.category.name, newItemHref: .library(.newItem(category)),
                wizardHref: .library(.addItem(category, .title)),
                rows: list.rows.map { row in
                    ItemListContent.Row(
                        title: row.title, subtitle: row.subtitle, href: .library(.item(category, row.id, nil)),
                        isSelected: row.isSelected, isFavourite: row.isFavourite)
                },
                pagination: pagination(of: list, in: category))
        }
        if let (category, item, tab) = detail, let model = detailModel {
            content.detail = detailContent(
                model, category: category, item: item, tab: tab, closeHref: listRoute(category),
                form: stack.sheet == nil ? form : nil)
        }
        if case .pane(let pane) = stack.root {
            pane.screen.addContent(to: &content, builder: self, refused: refusedPane)
        }

        // Titled by the visible page; the item shown beside the list is already read for its detail.
        let visibleTitle: String
        if case .item(_, let item, _) = stack.visible, let detailModel, detailModel.item.id == item {
            visibleTitle = detailModel.item.title
        } else {
            visibleTitle = title(of: stack.visible)
        }
        return makeScreen(
            .library, route: url, status: status, title: visibleTitle, trail: trail(stack) { title(of: $0) },
            keepsBreadcrumbRow: true,
            sheet: stack.sheet.flatMap { librarySheet($0, detail: detailModel, under: listRoute, form: form) },
            content: .library(content))
    }

    /// The pager's links, when the list has more than one page.
    private func pagination(of list: ItemListViewModel, in category: CategoryID) -> ListPagination? {
        guard list.pageCount > 1 else { return nil }
        let page = { (number: Int) in AppRoute.library(.category(category, page: number)) }
        return ListPagination(
            label: "Pages of \(list.category.name)", status: list.rangeText,
            previous: list.hasPreviousPage ? Link(title: "Previous", href: page(list.page - 1)) : nil,
            next: list.hasNextPage ? Link(title: "Next", href: page(list.page + 1)) : nil,
            marks: list.pageMarks.map { mark in
                switch mark {
                case .page(let number): ListPagination.Mark(number: number, href: page(number), isCurrent: number == list.page)
                case .gap: .gap
                }
            })
    }

    private func detailContent(
        _ model: ItemDetailViewModel, category: CategoryID, item: ItemID, tab: DetailTab, closeHref: AppRoute,
        form: FormState?
    ) -> ItemDetailContent {
        let optionsURL = AppRoute.library(.item(category, item, .options))
        var content = ItemDetailContent(
            title: model.item.title,
            header: model.overview,
            tabs: model.tabs.map { entry in
                Link(
                    title: entry.title, href: .library(.item(category, item, entry.tab == .overview ? nil : entry.tab)),
                    isCurrent: entry.isSelected)
            },
            tab: tab, closeHref: closeHref, canEdit: model.offersForms)
        switch tab {
        case .overview:
            content.overview = model.overview
        case .details:
            content.rows = model.rows
        case .options:
            let options = model.options
            content.options = ItemOptionsContent(
                canEdit: model.offersForms,
                readOnlyNotice: model.offersForms ? nil : "Only the person who added this item, or an administrator, can change it.",
                editForm: FormContent(action: optionsURL, submitLabel: "Save", state: form ?? options.editForm.state),
                isFavourite: options.isFavourite, favouriteAction: optionsURL,
                favouriteIntent: (options.isFavourite ? ItemDetailViewModel.Intent.unfavourite : .favourite).rawValue,
                favouriteActionLabel: options.favouriteActionLabel,
                deleteHref: .library(.deleteItem(category, item)))
        }
        return content
    }

    private func librarySheet(
        _ page: LibraryRoute, detail: ItemDetailViewModel?, under list: (CategoryID) -> AppRoute, form: FormState?
    ) -> Sheet? {
        switch page {
        case .newItem(let category):
            return Sheet(
                kind: .newItem, title: "New item", dismissHref: list(category),
                form: FormContent(
                    action: .library(page), submitLabel: "Add item", state: form ?? ItemFormViewModel().state))
        case .deleteItem:
            // Closing goes back to the page under the sheet, with its tab.
            return Sheet(
                kind: .deleteItem, title: "Delete item?", message: detail?.deletePrompt ?? "",
                dismissHref: .library(libraryStack.top),
                form: FormContent(action: .library(page), submitLabel: "Delete", state: FormState(fields: [])))
        case .addItem(let category, let step):
            let all = form ?? ItemFormViewModel().state
            var state = all
            let names = AddItemWizardCoordinator.fieldNames(of: step)
            state.fields = all.fields.filter { names.contains($0.name) }
            if step == .review {
                // The review names the values; an error found there points back at its step.
                state.formErrors = all.errors
            }
            var message = "Step \(step.number) of 3: \(step.heading)."
            if step == .review {
                let title = all["title"]?.value ?? ""
                let subtitle = all["subtitle"]?.value ?? ""
                message += " Title: “\(title)”. Subtitle: \(subtitle.isEmpty ? "none" : "“\(subtitle)”")."
            }
            var content = FormContent(
                action: .library(page), submitLabel: step == .review ? "Add item" : "Next", state: state)
            content.backLabel = step.previous == nil ? nil : "Back"
            content.cancelHref = list(category)
            return Sheet(kind: .addItem, title: "Add an item", message: message, dismissHref: list(category), form: content)
        case .home, .category, .item, .pane:
            return nil
        }
    }
}
