import Coordinators
import Models
import TemplateEngine
import ViewModels

extension LibraryContent {
    var templateValue: TemplateValue {
        .object([
            Keys.categories: .list(categories) { category in
                .object([
                    Keys.name: .string(category.name),
                    Keys.href: .string(category.href.print()),
                    Keys.itemCount: .int(category.itemCount),
                    Keys.itemCountText: .string(category.itemCountText),
                    Keys.isSelected: .bool(category.isSelected)])
            },
            Keys.settingsLink: settingsLink.templateValue,
            Keys.list: .optional(list, \.templateValue),
            Keys.detail: .optional(detail, \.templateValue),
            Keys.settings: .optional(settings, \.templateValue)])
    }
}

extension ItemListContent {
    var templateValue: TemplateValue {
        .object([
            Keys.categoryName: .string(categoryName),
            Keys.newItemHref: .string(newItemHref.print()),
            Keys.rows: .list(rows) { row in
                .object([
                    Keys.title: .string(row.title),
                    Keys.subtitle: .string(row.subtitle),
                    Keys.href: .string(row.href.print()),
                    Keys.isSelected: .bool(row.isSelected),
                    Keys.isFavourite: .bool(row.isFavourite)])
            },
            Keys.isEmpty: .bool(isEmpty)])
    }
}

extension ItemDetailContent {
    var templateValue: TemplateValue {
        .object([
            Keys.title: .string(title),
            Keys.header: header.templateValue,
            Keys.tab: .string(tab.rawValue),
            Keys.closeHref: .string(closeHref.print()),
            Keys.tabs: .list(tabs, \.templateValue),
            Keys.overview: .optional(overview, \.templateValue),
            Keys.rows: .optional(rows) { rows in
                .list(rows) { row in .object([Keys.key: .string(row.key), Keys.value: .string(row.value)]) }
            },
            Keys.options: .optional(options) { options in
                .object([
                    Keys.editForm: options.editForm.templateValue,
                    Keys.isFavourite: .bool(options.isFavourite),
                    Keys.favouriteAction: .string(options.favouriteAction.print()),
                    Keys.favouriteIntent: .string(options.favouriteIntent),
                    Keys.favouriteActionLabel: .string(options.favouriteActionLabel),
                    Keys.deleteHref: .string(options.deleteHref.print())])
            }])
    }
}

extension SettingsContent {
    var templateValue: TemplateValue {
        .object([
            Keys.form: form.templateValue,
            Keys.themeOptions: .list(themeOptions) { option in
                .object([
                    Keys.theme: .string(option.theme.rawValue),
                    Keys.value: .string(option.value),
                    Keys.label: .string(option.label),
                    Keys.isSelected: .bool(option.isSelected)])
            },
            Keys.showSubtitles: .bool(showSubtitles)])
    }
}

extension ItemDetailViewModel.Overview {
    var templateValue: TemplateValue {
        .object([
            Keys.title: .string(title),
            Keys.subtitle: .string(subtitle),
            Keys.created: .string(created),
            Keys.createdISO: .string(createdISO),
            Keys.isFavourite: .bool(isFavourite)])
    }
}
