import Sessions
import Testing
@testable import Web

/// A signed-in user's tabs are kept with the account: signing in on another browser brings them back.
@Suite struct UserNavigationTests {
    @Test(arguments: [true, false])
    func signingInElsewhereRestoresTheTabs(signOutFirst: Bool) throws {
        let app = try TestApp()
        let laptop = app.client()
        try laptop.signIn()
        _ = try laptop.get("/flow/secondary1/tertiary")
        _ = try laptop.get("/library/category-3/items/107/details")
        if signOutFirst {
            let page = try laptop.get("/screen")
            #expect(try laptop.post("/logout", form: [("csrfToken", page.csrfToken ?? "")]).status == 303)
        } else {
            app.application.archive.save()
        }

        let phone = app.client()
        #expect(try phone.get("/screen").tabLinks.contains("/flow"))
        try phone.signIn()
        let links = try phone.get("/screen").tabLinks
        #expect(links.contains("/flow/secondary1/tertiary"), "\(links)")
        #expect(links.contains("/library/category-3/items/107/details"), "\(links)")
    }
}
