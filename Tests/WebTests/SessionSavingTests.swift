import Foundation
import Testing
@testable import Web

@Suite struct SessionSavingTests {
    @Test func changedSessionsAreSavedToTheJournal() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/flow/secondary2")
        let id = try #require(client.sessionCookie)
        app.application.archive.save()
        let saved = app.application.archive.journal.load().records.first { $0.id == id }
        #expect(saved?.navigation?.flow?.visible == .secondary2)
    }
}

@Suite struct CSRFTokenComparisonTests {
    @Test(arguments: [("abc", "abc", true), ("abc", "abd", false), ("", "", false), ("ab", "abc", false)])
    func csrfTokensCompareExactly(submitted: String, expected: String, matches: Bool) {
        #expect(CSRFToken.matches(submitted, expected) == matches)
    }
}
