@testable import Web
import Coordinators
import HTTPCore
import Testing

@Suite struct ShownPageTests {
    private func shown(_ referer: String?, host: String = "example.test:8080") -> String? {
        var request = HTTPRequest(method: .get, target: "/library")
        request.headers.set("Host", host)
        if let referer { request.headers.set("Referer", referer) }
        return ShownPage.route(of: request)?.print()
    }

    @Test func aPageOfThisSiteIsTheScreenTheBrowserShowed() {
        #expect(shown("http://example.test:8080/flow") == "/flow")
        #expect(shown("https://EXAMPLE.test:8080/flow/secondary1#main") == "/flow/secondary1")
        #expect(shown("http://example.test:8080/library/category-8?page=2") == "/library/category-8?page=2")
    }

    @Test(arguments: [
        nil, "", "/flow", "http://example.test:8080", "http://example.test:80801/flow", "http://other.test/flow",
        "ftp://example.test:8080/flow", "http://example.test:8080/nowhere", "http://example.test:8080/library/category-8?page=1",
    ])
    func anythingElseNamesNoScreen(referer: String?) {
        #expect(shown(referer) == nil)
    }
}
