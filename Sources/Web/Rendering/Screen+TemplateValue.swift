import Coordinators
import TemplateEngine
import ViewModels

extension Screen {
    /// The page's template data, with exactly the keys the templates read (strict mode): optional
    /// values are null, never absent, so a lookup can never fall through to an outer object.
    func templateValue(csrfToken: String) -> TemplateValue {
        .object([
            Keys.title: .string(title),
            Keys.url: .string(url.print()),
            Keys.csrfToken: .string(csrfToken),
            Keys.tabs: .list(tabs, \.templateValue),
            Keys.breadcrumbs: .list(breadcrumbs, \.templateValue),
            Keys.hasBreadcrumbs: .bool(!breadcrumbs.isEmpty),
            Keys.backLink: .optional(backLink, \.templateValue),
            Keys.viewer: viewer.templateValue,
            Keys.sheet: .optional(sheet, \.templateValue),
            Keys.hasSheet: .bool(sheet != nil),
            Keys.content: content.templateValue])
    }
}

extension Link {
    var templateValue: TemplateValue {
        .object([Keys.title: .string(title), Keys.href: .string(href.print()), Keys.isCurrent: .bool(isCurrent)])
    }
}

extension ViewerChrome {
    var templateValue: TemplateValue {
        .object([
            Keys.isSignedIn: .bool(isSignedIn),
            Keys.displayName: .string(displayName),
            Keys.theme: .string(theme),
            Keys.loginHref: .string(loginHref.print()),
            Keys.registerHref: .string(registerHref.print()),
            Keys.logoutAction: .string(logoutAction.print()),
            Keys.settingsHref: .string(settingsHref.print()),
            Keys.inspectorHref: .string(inspectorHref.print())])
    }
}

extension Sheet {
    var templateValue: TemplateValue {
        .object([
            Keys.kind: .string(kind.rawValue),
            Keys.title: .string(title),
            Keys.message: .string(message),
            Keys.dismissHref: .string(dismissHref.print()),
            Keys.form: .optional(form, \.templateValue)])
    }
}

extension FormContent {
    var templateValue: TemplateValue {
        .object([
            Keys.action: .string(action.print()),
            Keys.submitLabel: .string(submitLabel),
            Keys.fields: .list(fields, \.templateValue),
            Keys.errors: .list(errors, \.templateValue),
            Keys.isInvalid: .bool(isInvalid),
            Keys.notice: .string(notice)])
    }
}

extension FormField {
    /// A password never travels back to the browser, whatever the form kept.
    var templateValue: TemplateValue {
        .object([
            Keys.name: .string(name),
            Keys.label: .string(label),
            Keys.value: .string(isPassword ? "" : value),
            Keys.error: .string(error),
            Keys.inputType: .string(inputType.rawValue),
            Keys.autocomplete: .string(autocomplete),
            Keys.isRequired: .bool(isRequired),
            Keys.maxLength: .int(maxLength),
            Keys.hint: .string(hint),
            Keys.hasError: .bool(hasError),
            Keys.isPassword: .bool(isPassword),
            Keys.isTextarea: .bool(inputType == .textarea)])
    }
}

extension FormError {
    var templateValue: TemplateValue {
        .object([Keys.fieldName: .string(fieldName), Keys.message: .string(message)])
    }
}

extension ScreenContent {
    var templateValue: TemplateValue {
        switch self {
        case .library(let content): content.templateValue
        case .flow(let content): content.templateValue
        case .screen(let content): content.templateValue
        case .account(let content): content.templateValue
        case .inspector(let content): content.templateValue
        case .notFound(let content): content.templateValue
        }
    }
}
