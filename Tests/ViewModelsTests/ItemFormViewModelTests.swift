import Models
import Testing
@testable import ViewModels

@Suite struct ItemFormViewModelTests {
    @Test(arguments: [
        (["title": "A title", "subtitle": ""], nil, nil),
        (["title": "", "subtitle": "x"], "Title is required", nil),
        (["title": "  \n ", "subtitle": ""], "Title is required", nil),
        ([:], "Title is required", nil),
        (["title": String(repeating: "t", count: 200)], nil, nil),
        (["title": String(repeating: "t", count: 201)], "Title can be at most 200 characters long", nil),
        (["title": "ok", "subtitle": String(repeating: "s", count: 500)], nil, nil),
        (["title": "ok", "subtitle": String(repeating: "s", count: 501)], nil, "Subtitle can be at most 500 characters long"),
        (["title": "  " + String(repeating: "t", count: 200) + "  "], nil, nil),
    ] as [(FormInput, String?, String?)])
    func validatesTitleAndSubtitle(_ input: FormInput, _ titleError: String?, _ subtitleError: String?) {
        var form = ItemFormViewModel()
        let draft = form.validate(input)
        #expect(form.state["title"]?.error == titleError)
        #expect(form.state["subtitle"]?.error == subtitleError)
        #expect((draft == nil) == (titleError != nil || subtitleError != nil))
    }

    @Test func trimsAndKeepsValuesOnError() {
        var form = ItemFormViewModel()
        #expect(form.validate(["title": "  ", "subtitle": "  kept  "]) == nil)
        #expect(form.state["subtitle"]?.value == "kept")
        #expect(form.state.errors == [FormError(fieldName: "title", message: "Title is required")])
    }

    @Test(arguments: [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "Tom & Jerry's {{mustache}}", "javascript:alert(1)",
    ])
    func passesMarkupThroughUnchangedAsData(_ payload: String) {
        var form = ItemFormViewModel()
        let draft = form.validate(["title": payload, "subtitle": payload])
        #expect(draft == ItemDraft(title: payload, subtitle: payload))
        #expect(form.state["title"]?.value == payload)
    }

    @Test func prefillsFromAnItem() {
        let item = Item(
            id: ItemID(1), category: CategoryID("c"), title: "Old", subtitle: "Sub",
            createdAt: CalendarDate(year: 2026, month: 1, day: 1))
        let form = ItemFormViewModel(item: item)
        #expect(form.state.fields.map(\.value) == ["Old", "Sub"])
        #expect(form.state.fields.map(\.isTextarea) == [false, true])
        #expect(!form.state.isInvalid)
    }

    @Test(arguments: [
        (ItemDraft(title: "fine", subtitle: ""), true), (ItemDraft(title: "", subtitle: ""), false),
        (ItemDraft(title: " padded", subtitle: ""), false), (ItemDraft(title: String(repeating: "x", count: 201), subtitle: ""), false),
    ])
    func judgesDraftsFromAnywhereByTheSameRules(_ draft: ItemDraft, _ valid: Bool) {
        #expect(ItemFormViewModel.isValid(draft) == valid)
    }
}
