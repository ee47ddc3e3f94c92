import Models
import TestSupport
import Testing
import ViewModels

/// Fixed-choice controls are matched byte for byte, so a hostile value costs no more than reading it.
@Suite struct FormInputChoicesTests {
    /// 400 KB of alternating combining marks after a letter: comparing it with `==` normalizes the
    /// whole run in quadratic time (tens of seconds), matching its bytes takes microseconds.
    static let hostile = "d" + String(repeating: "\u{301}\u{316}", count: 100_000)
    /// Far above the microseconds the work takes, far below what `==` took on the payload.
    static let budget = Duration.seconds(3)

    @Test func aHostileThemeOrCheckboxIsRefusedCheaply() throws {
        var model = SettingsViewModel(settings: Settings(), user: nil, accounts: InMemoryAccounts())
        var outcome: FormOutcome<SettingsViewModel.Saved>?
        let elapsed = try ContinuousClock().measure {
            outcome = try model.submit(["theme": Self.hostile, "showSubtitles": Self.hostile])
        }
        #expect(elapsed < Self.budget)
        #expect(outcome?.value == nil)
        #expect(model.state.formErrors == [FormError(fieldName: "theme", message: SettingsViewModel.themeInvalid)])
        #expect(!model.showSubtitles)
    }

    @Test(arguments: [("dark", Theme.dark), ("light", .light), ("system", .system)])
    func readsEachThemeByItsExactValue(_ value: String, _ theme: Theme) throws {
        var model = SettingsViewModel(settings: Settings(), user: nil, accounts: InMemoryAccounts())
        #expect(try model.submit(["theme": value]).value?.settings.theme == theme)
        #expect(try model.submit(["theme": value.uppercased()]).value == nil)
    }

    @Test func aHostileIntentIsAnEditDecidedCheaply() throws {
        let catalog = InMemoryCatalog.demo(categories: 1, perCategory: 2)
        let admin = User(id: UserID("root"), username: "root", email: "root@example.com", isAdministrator: true)
        let detail = try #require(ItemDetailViewModel(item: ItemID(1), tab: .options, viewer: admin, catalog: catalog))
        var outcome: FormOutcome<Item>?
        let elapsed = try ContinuousClock().measure {
            outcome = try detail.submitOptions(["intent": Self.hostile, "title": "Renamed"])
        }
        #expect(elapsed < Self.budget)
        #expect(outcome?.value?.title == "Renamed")
        #expect(outcome?.value?.isFavourite == false)
    }
}
