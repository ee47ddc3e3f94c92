import Coordinators
import Testing

/// Account pages declare their template with their route; the templates start-up requires are the
/// tabs' and the site's own plus those declared, each once.
@Suite struct ScreenTemplateTests {
    @Test(arguments: [
        (AccountRoute.login(next: nil), "login"), (.logout, "login"), (.register(next: .inspector), "register"),
        (.forgotPassword(next: nil), "forgot-password"), (.resetLinkSent, "forgot-password"),
        (.resetPassword(token: "t"), "reset-password"),
    ])
    func eachAccountPageIsRenderedWithItsDeclaredTemplate(route: AccountRoute, template: String) {
        #expect(AppRoute.account(route).declared.pattern.template?.rawValue == template)
    }

    @Test func startUpRequiresEveryScreensTemplateOnce() {
        let names = ScreenTemplate.all.map(\.rawValue)
        #expect(Set(names) == [
            "library", "flow", "screen", "login", "register", "forgot-password", "reset-password", "inspector", "not-found",
            "error",
        ])
        #expect(names.count == Set(names).count)
    }

    @Test func theTabsRoutesLeaveTheTemplateToTheirBuilders() {
        #expect(AppRoute.library(.settings).declared.pattern.template == nil)
        #expect(AppRoute.flow(.primary).declared.pattern.template == nil)
    }
}
