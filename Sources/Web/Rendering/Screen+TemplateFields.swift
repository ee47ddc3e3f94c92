import Coordinators
import TemplateEngine
import ViewModels

extension Screen {
    /// The page's template data, with exactly the keys the templates read (strict mode): optional
    /// values are null, never absent, so a lookup can never fall through to an outer object.
    /// `fragments`: the parts rendered apart (see `PageFragments`).
    func addFields(to data: inout TemplateData, csrfToken: String, fragments: PageFragments = PageFragments()) {
        data.add(Keys.title, title)
        data.add(Keys.url, url)
        data.add(Keys.csrfToken, csrfToken)
        data.add(Keys.tabs, list: tabs)
        data.add(Keys.breadcrumbs, list: breadcrumbs)
        data.add(Keys.hasBreadcrumbs, hasBreadcrumbs)
        data.add(Keys.backLink, backLink)
        data.add(Keys.viewer, viewer)
        data.add(Keys.sheet, sheet)
        data.add(Keys.hasSheet, sheet != nil)
        data.add(Keys.flash, notice)
        content.addFields(to: &data, key: Keys.content, fragments: fragments)
    }
}

extension Link: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.title, title)
        data.add(Keys.href, href)
        data.add(Keys.isCurrent, isCurrent)
        data.add(Keys.icon, icon)
    }
}

extension ViewerChrome: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.isSignedIn, isSignedIn)
        data.add(Keys.displayName, displayName)
        data.add(Keys.theme, theme)
        data.add(Keys.loginHref, loginHref)
        data.add(Keys.registerHref, registerHref)
        data.add(Keys.logoutAction, logoutAction)
        data.add(Keys.settingsHref, settingsHref)
        data.add(Keys.inspectorHref, inspectorHref)
    }
}

extension Sheet: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.kind, kind.rawValue)
        data.add(Keys.title, title)
        data.add(Keys.message, message)
        data.add(Keys.dismissHref, dismissHref)
        data.add(Keys.form, form)
    }
}

extension FormContent: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.action, action)
        data.add(Keys.submitLabel, submitLabel)
        data.add(Keys.fields, list: fields)
        data.add(Keys.errors, list: errors)
        data.add(Keys.isInvalid, isInvalid)
        data.add(Keys.notice, notice)
        data.add(Keys.failureTitle, failureTitle)
        data.add(Keys.backLabel, backLabel)
        if let cancelHref { data.add(Keys.cancelHref, cancelHref) } else { data.addNull(Keys.cancelHref) }
    }
}

extension FormField: TemplateFields {
    /// A password never travels back to the browser, whatever the form kept.
    func addFields(to data: inout TemplateData) {
        data.add(Keys.name, name)
        data.add(Keys.label, label)
        data.add(Keys.value, isPassword ? "" : value)
        data.add(Keys.error, error)
        data.add(Keys.inputType, inputType.rawValue)
        data.add(Keys.autocomplete, autocomplete)
        data.add(Keys.isRequired, isRequired)
        data.add(Keys.maxLength, maxLength)
        data.add(Keys.hint, hint)
        data.add(Keys.hasError, hasError)
        data.add(Keys.isPassword, isPassword)
        data.add(Keys.isTextarea, inputType == .textarea)
    }
}

extension FormError: TemplateFields {
    func addFields(to data: inout TemplateData) {
        data.add(Keys.fieldName, fieldName)
        data.add(Keys.message, message)
    }
}

extension ScreenContent {
    /// The content pane under `key`, in the shape of its template.
    func addFields(to data: inout TemplateData, key: TemplateKey, fragments: PageFragments) {
        switch self {
        case .library(let content): data.add(key, object: { content.addFields(to: &$0, fragments: fragments) })
        case .flow(let content): data.add(key, content)
        case .screen(let content): data.add(key, content)
        case .account(let content): data.add(key, content)
        case .inspector(let content): data.add(key, content)
        case .notFound(let content): data.add(key, content)
        case .forbidden(let content): data.add(key, content)
        }
    }
}
