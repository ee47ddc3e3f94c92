import Coordinators
import HTTPCore
import TemplateEngine
import ViewModels

extension FlowContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.summary, summary)
        data.add(Keys.choices, list: choices)
        data.add(Keys.backToRoot, backToRoot)
    }
}

extension FlowContent.Choice: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.summary, summary)
        data.add(Keys.href, href)
    }
}

extension ScreenTabContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.summary, summary)
        data.add(Keys.todayText, todayText)
        data.add(Keys.todayISO, todayISO)
        data.add(Keys.detailHref, detailHref)
        data.add(Keys.sheetHref, sheetHref)
        data.add(Keys.detail, detail)
    }
}

extension ScreenTabContent.Detail: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.text, text)
    }
}

extension AccountContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.heading, heading)
        data.add(Keys.form, form)
        data.add(Keys.links, list: links)
        data.add(Keys.problem, problem)
        data.add(Keys.reason, reason)
    }
}

extension NotFoundContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.message, message)
        data.add(Keys.nearest, nearest)
        data.add(Keys.closest, list: closest)
        data.add(Keys.hasClosest, !closest.isEmpty)
    }
}

/// In the shape of the `error` template, which ErrorPage fills for the server's own refusals.
extension ForbiddenContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.status, HTTPStatus.forbidden.code)
        data.add(Keys.heading, heading)
        data.add(Keys.message, message)
        data.add(Keys.homeHref, homeHref)
        data.addNull(Keys.requestID)
    }
}

extension InspectorViewModel: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.treeLines, list: treeLines)
        data.add(Keys.treeDiagram, treeDiagram)
        data.add(Keys.stacks, list: stacks)
        data.add(Keys.events, list: events)
        data.add(Keys.warnings, strings: warnings)
        data.add(Keys.hasEvents, hasEvents)
    }
}

extension InspectorViewModel.TreeLine: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.prefix, prefix)
        data.add(Keys.name, name)
        data.add(Keys.detail, detail)
        data.add(Keys.depth, depth)
        data.add(Keys.isActive, isActive)
    }
}

extension InspectorViewModel.StackLines: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.name, name)
        data.add(Keys.pages, list: pages)
        data.add(Keys.sheet, sheet)
        data.add(Keys.isActive, isActive)
        data.add(Keys.depth, depth)
        data.add(Keys.warning, warning)
        data.add(Keys.diagram, diagram)
    }
}

/// The geometry of an inline SVG; every label goes through the template's escaping.
extension InspectorDiagram: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.width, width)
        data.add(Keys.height, height)
        data.add(Keys.boxes, list: boxes)
        data.add(Keys.lines, list: lines)
    }
}

extension InspectorDiagram.Box: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.x, x)
        data.add(Keys.y, y)
        data.add(Keys.width, width)
        data.add(Keys.height, height)
        data.add(Keys.label, label)
        data.add(Keys.detail, detail)
        data.add(Keys.labelX, labelX)
        data.add(Keys.labelY, labelY)
        data.add(Keys.detailY, detailY)
        data.add(Keys.isActive, isActive)
        data.add(Keys.isSheet, isSheet)
    }
}

extension InspectorDiagram.Line: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.x1, x1)
        data.add(Keys.y1, y1)
        data.add(Keys.x2, x2)
        data.add(Keys.y2, y2)
    }
}

extension InspectorViewModel.StackLines.Page: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.position, position)
        data.add(Keys.name, name)
        data.add(Keys.isTop, isTop)
    }
}

extension InspectorViewModel.EventLine: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.time, time)
        data.add(Keys.timestamp, timestamp)
        data.add(Keys.kind, kind)
        data.add(Keys.stack, stack)
        data.add(Keys.page, page)
    }
}
