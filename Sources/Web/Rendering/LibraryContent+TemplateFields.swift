import Coordinators
import Models
import TemplateEngine
import ViewModels

extension LibraryContent {
    /// The sidebar's links and the list's rows come rendered, in `fragments`.
    func addFields(to data: inout TemplateData, fragments: PageFragments) {
        data.add(Keys.categoriesHTML, rendered: fragments.categoryLinks)
        data.add(Keys.settingsLink, settingsLink)
        if let list {
            data.add(Keys.list, object: { list.addFields(to: &$0, rowsHTML: fragments.itemRows) })
        } else {
            data.addNull(Keys.list)
        }
        data.add(Keys.detail, detail)
        data.add(Keys.settings, settings)
    }

    /// The data of `partials/category-links`.
    func addCategoryFields(to data: inout TemplateData) {
        data.add(Keys.categories, list: categories)
    }
}

extension LibraryContent.CategoryLink: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.name, name)
        data.add(Keys.href, href)
        data.add(Keys.itemCount, itemCount)
        data.add(Keys.itemCountText, itemCountText)
        data.add(Keys.isSelected, isSelected)
    }
}

extension ItemListContent {
    /// `rowsHTML`: the rows rendered apart (`partials/item-rows` over `rowFields`), so a page whose
    /// rows did not change since an earlier one builds and renders none of them.
    func addFields(to data: inout TemplateData, rowsHTML: [UInt8]) {
        data.add(Keys.url, url)
        data.add(Keys.categoryName, categoryName)
        data.add(Keys.newItemHref, newItemHref)
        data.add(Keys.wizardHref, wizardHref)
        data.add(Keys.rowsHTML, rendered: rowsHTML)
        data.add(Keys.isEmpty, isEmpty)
        data.add(Keys.pagination, pagination)
    }

    /// The data of `partials/item-rows`.
    func addRowFields(to data: inout TemplateData) {
        data.add(Keys.rows, list: rows)
    }
}

extension ListPagination: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.label, label)
        data.add(Keys.status, status)
        data.add(Keys.previous, previous)
        data.add(Keys.next, next)
        data.add(Keys.marks, list: marks)
    }
}

extension ListPagination.Mark: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.isGap, isGap)
        if let number { data.add(Keys.number, number) } else { data.addNull(Keys.number) }
        data.add(Keys.href, href)
        data.add(Keys.isCurrent, isCurrent)
    }
}

extension ItemListContent.Row: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.subtitle, subtitle)
        data.add(Keys.href, href)
        if let number = href.itemNumber { data.add(Keys.itemID, number) } else { data.addNull(Keys.itemID) }
        data.add(Keys.isSelected, isSelected)
        data.add(Keys.isFavourite, isFavourite)
    }
}

extension ItemDetailContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.header, header)
        data.add(Keys.tab, tab.rawValue)
        // Back to the list, at this item's row: the link is whole here, never assembled in the template.
        if let anchor = tabs.first?.href.itemAnchor {
            data.add(Keys.closeHref, closeHref.print() + "#" + anchor)
        } else {
            data.add(Keys.closeHref, closeHref)
        }
        data.add(Keys.tabs, list: tabs)
        data.add(Keys.overview, overview)
        if let rows {
            data.add(Keys.rows, list: rows)
        } else {
            data.addNull(Keys.rows)
        }
        data.add(Keys.options, options)
        data.add(Keys.canEdit, canEdit)
    }
}

extension DetailRow: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.key, key)
        data.add(Keys.value, value)
    }
}

extension ItemOptionsContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.canEdit, canEdit)
        data.add(Keys.readOnlyNotice, readOnlyNotice)
        data.add(Keys.editForm, editForm)
        data.add(Keys.isFavourite, isFavourite)
        data.add(Keys.favouriteAction, favouriteAction)
        data.add(Keys.favouriteIntent, favouriteIntent)
        data.add(Keys.favouriteActionLabel, favouriteActionLabel)
        data.add(Keys.deleteHref, deleteHref)
    }
}

extension SettingsContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.form, form)
        data.add(Keys.themeOptions, list: themeOptions)
        data.add(Keys.showSubtitles, showSubtitles)
    }
}

extension SettingsViewModel.ThemeOption: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.theme, theme.rawValue)
        data.add(Keys.value, value)
        data.add(Keys.label, label)
        data.add(Keys.isSelected, isSelected)
    }
}

extension ItemDetailViewModel.Overview: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.subtitle, subtitle)
        data.add(Keys.created, created)
        data.add(Keys.createdISO, createdISO)
        data.add(Keys.isFavourite, isFavourite)
        data.add(Keys.createdBy, createdBy)
    }
}
