import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct SettingsViewModelTests {
    let accounts = InMemoryAccounts()

    @Test func showsTheCurrentSettings() {
        let model = SettingsViewModel(
            settings: Settings(displayName: "Ali", theme: .dark, showSubtitles: false), user: nil, accounts: accounts)
        #expect(model.displayName.value == "Ali")
        #expect(model.themeOptions.map(\.value) == ["system", "light", "dark"])
        #expect(model.themeOptions.map(\.label) == ["System", "Light", "Dark"])
        #expect(model.themeOptions.filter(\.isSelected).map(\.theme) == [.dark])
        #expect(!model.showSubtitles)
    }

    @Test func savesASignedInUsersSettingsToTheAccount() throws {
        let user = accounts.add(username: "alice", email: "alice@example.com", password: "correct horse")
        var model = SettingsViewModel(settings: user.settings, user: user.id, accounts: accounts)
        let saved = try #require(try model.submit(["displayName": "  Alice A. ", "theme": "dark", "showSubtitles": "on"]).value)
        #expect(saved.settings == Settings(displayName: "Alice A.", theme: .dark, showSubtitles: true))
        #expect(saved.user?.displayName == "Alice A.")
        #expect(accounts.user(user.id)?.settings.theme == .dark)
        #expect(model.state.notice == SettingsViewModel.savedNotice)
    }

    @Test func handsAVisitorsSettingsBackWithoutTheRepository() throws {
        var model = SettingsViewModel(settings: Settings(), user: nil, accounts: accounts)
        let saved = try #require(try model.submit(["displayName": "", "theme": "light"]).value)
        #expect(saved.settings == Settings(displayName: "", theme: .light, showSubtitles: false))
        #expect(saved.user == nil)
        #expect(accounts.calls.isEmpty)
    }

    @Test(arguments: [
        (["displayName": String(repeating: "n", count: 60), "theme": "system"], nil, nil),
        (["displayName": String(repeating: "n", count: 61), "theme": "system"],
         "Display name can be at most 60 characters long", nil),
        (["displayName": "ok", "theme": "purple"], nil, SettingsViewModel.themeInvalid),
        (["displayName": "ok"], nil, SettingsViewModel.themeInvalid),
    ] as [(FormInput, String?, String?)])
    func validatesNameAndTheme(_ input: FormInput, _ nameError: String?, _ themeError: String?) throws {
        var model = SettingsViewModel(settings: Settings(), user: nil, accounts: accounts)
        let outcome = try model.submit(input)
        #expect(model.displayName.error == nameError)
        #expect(model.state.formErrors.first { $0.fieldName == "theme" }?.message == themeError)
        #expect((outcome.value == nil) == (nameError != nil || themeError != nil))
    }

    @Test func keepsTypedValuesOnError() throws {
        var model = SettingsViewModel(settings: Settings(), user: nil, accounts: accounts)
        _ = try model.submit(["displayName": "Typed", "theme": "dark", "showSubtitles": "on", "junk": "x"]
            .merging(["displayName": String(repeating: "x", count: 61)]) { $1 })
        #expect(model.displayName.value.count == 61)
        #expect(model.theme == .dark)
        #expect(model.showSubtitles)
    }

    @Test(arguments: [("on", true), ("true", true), ("1", true), ("", false), ("off", false)])
    func readsTheCheckbox(_ value: String, _ expected: Bool) throws {
        var model = SettingsViewModel(settings: Settings(), user: nil, accounts: accounts)
        let saved = try #require(try model.submit(["theme": "system", "showSubtitles": value]).value)
        #expect(saved.settings.showSubtitles == expected)
    }

    @Test func surfacesTheWaitWhenThrottled() throws {
        let user = accounts.add(username: "alice", email: "alice@example.com", password: "correct horse")
        accounts.throttle(retryAfterSeconds: 3)
        var model = SettingsViewModel(settings: user.settings, user: user.id, accounts: accounts)
        guard case .rateLimited(_, 3) = try model.submit(["theme": "dark"]) else {
            Issue.record("expected rate limiting")
            return
        }
    }
}
