import Coordinators
import Models
import Testing

@Suite struct InvalidURLTests {
    @Test(arguments: [
        "", "library", "//library", "/library/", "/library//", "/nope", "/LIBRARY",
        "/library/books/items", "/library/books/items/", "/library/books/items/abc", "/library/books/items/1.5",
        "/library/books/items/+1", "/library/books/items/01", "/library/books/items/-0", "/library/books/items/%2B1",
        "/library/books/items/1/bogus", "/library/books/items/1/overview/x", "/library/books/items/new/x",
        "/library/books/other/1", "/library/settings/x", "/library/%ZZ", "/library/%4", "/library/%FF%FE",
        "/library/./x", "/library/..", "/library/books/%69tems/1/%62ogus", "/flow/%74ertiary", "/library/books/items/1/delete/x",
        "/flow/tertiary", "/flow/secondary2/tertiary", "/flow/secondary1/secondary1", "/flow/primary",
        "/flow/secondary1/tertiary/x", "/flow/", "/screen/detail/sheet", "/screen/other", "/screen/",
        "/_navigation/x", "/login/x", "/logout/x", "/reset-password", "/reset-password/", "/reset-password/a/b",
        "/healthz", "/styles.css",
    ])
    func urlsOutsideTheContractParseToNothing(_ path: String) {
        #expect(AppRoute.parse(path: path) == nil)
    }

    @Test(arguments: [
        "https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/login", "/register?next=%2Fflow",
        "/flow/tertiary", "evil", "%2F%2Fevil.example",
    ])
    func nextIsIgnoredUnlessItIsALocalNonAccountRoute(_ next: String) {
        let query = "next=" + next.map { $0 == "&" ? "%26" : String($0) }.joined()
        #expect(AppRoute.parse(path: "/login", query: query) == .account(.login(next: nil)))
    }

    @Test func aNextNestedThousandsDeepIsDroppedWithoutRecursingIntoIt() {
        let query = "next=" + String(repeating: "/login?next=", count: 20_000) + "/flow"
        #expect(AppRoute.parse(path: "/login", query: query) == .account(.login(next: nil)))
    }

    @Test func nextIsParsedAsARoute() {
        #expect(
            AppRoute.parse(path: "/login", query: "a=1&next=%2Flibrary%2Fbooks%2Fitems%2Fnew")
                == .account(.login(next: .library(.newItem(CategoryID("books"))))))
    }
}
