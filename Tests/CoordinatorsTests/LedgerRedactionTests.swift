@testable import Coordinators
import Testing

/// The inspector shows the ledger: a reset link's token, a one-use password, never appears in it.
@Suite struct LedgerRedactionTests {
    @Test func aResetLinkIsRecordedWithoutItsToken() throws {
        let app = Fixture().coordinator()
        let token = "s3cret-token-0123456789"
        _ = app.screen(at: "/reset-password/\(token)")
        let pages = app.ledger.entries.map(\.page)
        #expect(pages.contains("/reset-password/[redacted]"))
        #expect(!pages.contains { $0.contains(token) })
    }

    @Test func otherRoutesAreRecordedAsPrinted() throws {
        let route = try #require(AppRoute.parse(url: "/login?next=%2Fflow"))
        #expect(route.redactedPath == route.print())
        #expect(AppRoute.redacting(path: "/reset-password/abc") == "/reset-password/[redacted]")
        #expect(AppRoute.redacting(path: "/library/books") == "/library/books")
    }
}
