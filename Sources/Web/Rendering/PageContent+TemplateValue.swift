import Coordinators
import TemplateEngine
import ViewModels

extension FlowContent {
    var templateValue: TemplateValue {
        .object([
            Keys.title: .string(title),
            Keys.summary: .string(summary),
            Keys.choices: .list(choices) { choice in
                .object([Keys.title: .string(choice.title), Keys.summary: .string(choice.summary), Keys.href: .string(choice.href.print())])
            },
            Keys.backToRoot: .optional(backToRoot, \.templateValue)])
    }
}

extension ScreenTabContent {
    var templateValue: TemplateValue {
        .object([
            Keys.title: .string(title),
            Keys.summary: .string(summary),
            Keys.todayText: .string(todayText),
            Keys.todayISO: .string(todayISO),
            Keys.detailHref: .string(detailHref.print()),
            Keys.sheetHref: .string(sheetHref.print()),
            Keys.detail: .optional(detail) { detail in
                .object([Keys.title: .string(detail.title), Keys.text: .string(detail.text)])
            }])
    }
}

extension AccountContent {
    var templateValue: TemplateValue {
        .object([
            Keys.heading: .string(heading),
            Keys.form: form.templateValue,
            Keys.links: .list(links, \.templateValue),
            Keys.problem: .string(problem)])
    }
}

extension NotFoundContent {
    var templateValue: TemplateValue {
        .object([
            Keys.message: .string(message),
            Keys.nearest: nearest.templateValue,
            Keys.closest: .list(closest, \.templateValue)])
    }
}

extension InspectorViewModel {
    var templateValue: TemplateValue {
        .object([
            Keys.treeLines: .list(treeLines) { line in
                .object([
                    Keys.prefix: .string(line.prefix),
                    Keys.name: .string(line.name),
                    Keys.detail: .string(line.detail),
                    Keys.depth: .int(line.depth),
                    Keys.isActive: .bool(line.isActive)])
            },
            Keys.stacks: .list(stacks) { stack in
                .object([
                    Keys.name: .string(stack.name),
                    Keys.pages: .list(stack.pages) { page in
                        .object([Keys.position: .int(page.position), Keys.name: .string(page.name), Keys.isTop: .bool(page.isTop)])
                    },
                    Keys.sheet: .string(stack.sheet),
                    Keys.isActive: .bool(stack.isActive),
                    Keys.depth: .int(stack.depth),
                    Keys.warning: .string(stack.warning)])
            },
            Keys.events: .list(events) { event in
                .object([
                    Keys.time: .string(event.time),
                    Keys.timestamp: .string(event.timestamp),
                    Keys.kind: .string(event.kind),
                    Keys.stack: .string(event.stack),
                    Keys.page: .string(event.page)])
            },
            Keys.warnings: .list(warnings) { .string($0) },
            Keys.hasEvents: .bool(hasEvents)])
    }
}
