@testable import Coordinators
import Models
import Testing
import ViewModels

/// A reset link's screen built with its token read ahead (with Redis, on the request's event loop)
/// is built from that answer, not from the accounts; without one, or with one about another token,
/// it asks the accounts as before.
@Suite struct ReadAheadTests {
    func resetScreen(
        _ fixture: Fixture, token: String, knowing read: ReadAhead?
    ) throws -> (status: ScreenStatus, problem: String?) {
        let pending = fixture.coordinator().navigate(to: .account(.resetPassword(token: token)), viewer: visitor)
        let screen = try #require((read.map(pending.outcome(knowing:)) ?? pending.outcome()).screen)
        guard case .account(let content) = screen.content else {
            Issue.record("a reset link shows an account screen")
            return (screen.status, nil)
        }
        return (screen.status, content.problem)
    }

    @Test func aTokenReadAheadDecidesTheScreenWhateverTheAccountsSay() throws {
        let fixture = Fixture()
        fixture.accounts.issueToken("known", for: fixture.ada.id)
        // The accounts know "known" and not "unknown"; the answer read ahead wins either way.
        #expect(try resetScreen(fixture, token: "unknown", knowing: .resetToken("unknown", isValid: true)) == (.ok, nil))
        #expect(
            try resetScreen(fixture, token: "known", knowing: .resetToken("known", isValid: false))
                == (.notFound, ResetPasswordFormViewModel.invalidToken))
    }

    @Test func withoutAReadAheadForItsTokenTheScreenAsksTheAccounts() throws {
        let fixture = Fixture()
        fixture.accounts.issueToken("known", for: fixture.ada.id)
        #expect(try resetScreen(fixture, token: "known", knowing: nil) == (.ok, nil))
        #expect(try resetScreen(fixture, token: "unknown", knowing: nil) == (.notFound, ResetPasswordFormViewModel.invalidToken))
        #expect(try resetScreen(fixture, token: "known", knowing: .resetToken("other", isValid: false)) == (.ok, nil))
    }
}
