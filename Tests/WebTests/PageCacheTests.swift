@testable import Coordinators
import Testing
@testable import Web

@Suite struct PageCacheTests {
    func screen(title: String) -> Screen {
        Screen(
            template: .notFound, title: title, url: "/nowhere",
            viewer: ViewerChrome(
                isSignedIn: false, displayName: nil, theme: "system", loginHref: "/login", registerHref: "/register",
                logoutAction: "/logout", settingsHref: "/library/settings", inspectorHref: "/_navigation"),
            content: .notFound(NotFoundContent(message: "Nothing here", nearest: Link(title: "Library", href: "/library"), closest: [])))
    }

    @Test func aPageIsReusedOnlyForTheSameScreenAndToken() {
        let cache = PageCache(capacity: 4, shards: 1)
        cache.store([1, 2, 3], for: screen(title: "A"), csrfToken: "t")
        #expect(cache.page(for: screen(title: "A"), csrfToken: "t") == [1, 2, 3])
        #expect(cache.page(for: screen(title: "B"), csrfToken: "t") == nil)
        #expect(cache.page(for: screen(title: "A"), csrfToken: "u") == nil)
        cache.store([4], for: screen(title: "B"), csrfToken: "t")
        #expect(cache.page(for: screen(title: "B"), csrfToken: "t") == [4])
        #expect(cache.page(for: screen(title: "A"), csrfToken: "t") == nil)
    }
}
