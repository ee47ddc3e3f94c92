import Testing
@testable import Web

/// A signed-in user's tabs are kept with the account: signing in on another browser brings them back.
@Suite struct UserNavigationTests {
    func tabLinks(_ response: WebClient.Response) -> [String] {
        guard let bar = response.text.range(of: #"class="tab-bar""#) else { return [] }
        let end = response.text[bar.upperBound...].range(of: "</nav>")?.lowerBound ?? response.text.endIndex
        return response.text[bar.upperBound..<end].components(separatedBy: #"href=""#).dropFirst()
            .compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

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
        #expect(tabLinks(try phone.get("/screen")).contains("/flow"))
        try phone.signIn()
        let links = tabLinks(try phone.get("/screen"))
        #expect(links.contains("/flow/secondary1/tertiary"), "\(links)")
        #expect(links.contains("/library/category-3/items/107/details"), "\(links)")
    }
}
