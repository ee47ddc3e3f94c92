import Models
import TestSupport
import Testing
import ViewModels

/// Every typed field of every form is bounded in bytes before anything else looks at it, refuses
/// control characters, and still takes any letters people actually write.
@Suite struct FieldInputBoundsTests {
    /// One letter carrying 150,000 combining marks: a single character, 300 KB.
    static let hugeText = "a" + String(repeating: "\u{301}", count: 150_000)
    /// Ten characters, 280 KB.
    static let hugePassword = String(repeating: "x" + String(repeating: "\u{301}", count: 14_000), count: 10)

    static let controls = ["\u{0}", "\u{1B}", "\u{7F}", "\u{9B}", "\t", "\u{202E}", "\u{202A}", "\u{2067}"]
    static let lineBreaks = ["\r\n", "\n", "\r", "\u{2028}"]

    static func tooLong(_ field: TypedForm.Field) -> String {
        switch (field.name, field.isSecret) {
        case ("email", _): FieldRules.emailTooLong
        case ("password", true): FieldRules.passwordTooLong
        default: "\(field.label) is too long"
        }
    }

    /// `field`'s valid value with `inserted` in its middle, where trimming cannot reach it.
    static func valid(_ field: TypedForm.Field, with inserted: String) -> String {
        String(field.valid.prefix(3)) + inserted + String(field.valid.dropFirst(3))
    }

    /// The field's error, which must also be listed in the "Form Invalid" summary.
    static func refusal(of field: TypedForm.Field, in submission: TypedForm.Submission) -> String? {
        let error = submission.state[field.name]?.error
        #expect(submission.state.isInvalid)
        #expect(submission.state.errors.contains(FormError(fieldName: field.name, message: error ?? "")))
        return error
    }

    @Test(arguments: TypedForm.allFields)
    func refusesAHugeValueByItsBytesWithoutEchoingIt(_ field: TypedForm.Field) throws {
        let payload = field.isSecret ? Self.hugePassword : Self.hugeText
        #expect(payload.count <= 10 && payload.utf8.count >= 280_000)
        let submission = try field.form.submit(field.form.input([field.name: payload]))
        #expect(!submission.passedValidation)
        #expect(Self.refusal(of: field, in: submission) == Self.tooLong(field))
        #expect(submission.state[field.name]?.value == "")
    }

    @Test(arguments: TypedForm.allFields, controls)
    func refusesControlCharacters(_ field: TypedForm.Field, _ control: String) throws {
        let submission = try field.form.submit(field.form.input([field.name: Self.valid(field, with: control)]))
        #expect(!submission.passedValidation)
        #expect(Self.refusal(of: field, in: submission) == "\(field.label) must not contain control characters")
        // Shown again without the control, never raw; secrets are never shown again at all.
        #expect(submission.state[field.name]?.value == (field.isSecret ? "" : field.valid))
    }

    @Test(arguments: TypedForm.allFields.filter { !$0.isMultiLine }, lineBreaks)
    func singleLineFieldsRefuseLineBreaksInside(_ field: TypedForm.Field, _ lineBreak: String) throws {
        let submission = try field.form.submit(field.form.input([field.name: Self.valid(field, with: lineBreak)]))
        #expect(!submission.passedValidation)
        #expect(Self.refusal(of: field, in: submission) == "\(field.label) must not contain control characters")
    }

    @Test(arguments: TypedForm.allFields.filter(\.isMultiLine), ["line one\nline two", "line one\r\nline two"])
    func multiLineFieldsKeepLineBreaks(_ field: TypedForm.Field, _ text: String) throws {
        let submission = try field.form.submit(field.form.input([field.name: text]))
        #expect(submission.passedValidation)
        #expect(submission.state[field.name]?.value == text)
    }

    @Test(arguments: TypedForm.allFields.filter(\.isMultiLine), ["line one\rline two", "a\u{0}b", "a\u{202E}b"])
    func multiLineFieldsStillRefuseOtherControls(_ field: TypedForm.Field, _ text: String) throws {
        let submission = try field.form.submit(field.form.input([field.name: text]))
        #expect(!submission.passedValidation)
        #expect(Self.refusal(of: field, in: submission) == "\(field.label) must not contain control characters")
    }

    @Test(arguments: TypedForm.allFields.filter(\.takesAnyLetters), [
        "Zoë", "Zoe\u{308}", "日本語", "Ἀθῆναι", "👩‍👩‍👧‍👦 🇯🇵 👍🏽", "Ünïcødé ☃",
    ])
    func acceptsAnyLetters(_ field: TypedForm.Field, _ text: String) throws {
        let submission = try field.form.submit(field.form.input([field.name: text]))
        #expect(submission.state[field.name]?.error == nil)
        #expect(submission.passedValidation)
        #expect(submission.state[field.name]?.value == text)
    }

    @Test(arguments: TypedForm.allFields.filter(\.isSecret))
    func passwordsTakeAnyPrintableCharacters(_ field: TypedForm.Field) throws {
        let password = "Zoë 日本語 👩‍👩‍👧‍👦 <&\"'>"
        let submission = try field.form.submit(field.form.input([field.name: password]))
        #expect(submission.state[field.name]?.error == nil)
        #expect(submission.passedValidation)
    }

    @Test(arguments: [TypedForm.register, .forgotPassword])
    func emailAddressesMayHaveNonASCIILetters(_ form: TypedForm) throws {
        let submission = try form.submit(form.input(["email": "zoë@exämple.com"]))
        #expect(submission.state["email"]?.error == nil)
        #expect(submission.passedValidation)
    }

    @Test(arguments: [TypedForm.newItem, .editItem])
    func titlesCountCharactersAsPeopleSeeThem(_ form: TypedForm) throws {
        let decomposed = String(repeating: "e\u{301}", count: 200)
        #expect(try form.submit(form.input(["title": decomposed])).passedValidation)
        #expect(try form.submit(form.input(["title": String(repeating: "日", count: 200)])).passedValidation)
        let longer = try form.submit(form.input(["title": decomposed + "e"]))
        #expect(longer.state["title"]?.error == "Title can be at most 200 characters long")
        // 200 characters, but 25 bytes each: past the byte cap long before the character limit.
        let families = try form.submit(form.input(["title": String(repeating: "👩‍👩‍👧‍👦", count: 200)]))
        #expect(families.state["title"]?.error == "Title is too long")
    }

    @Test func displayNamesCountCharactersAsPeopleSeeThem() throws {
        let name = String(repeating: "o\u{308}", count: 60)
        #expect(try TypedForm.settings.submit(TypedForm.settings.input(["displayName": name])).passedValidation)
        let longer = try TypedForm.settings.submit(TypedForm.settings.input(["displayName": name + "o"]))
        #expect(longer.state["displayName"]?.error == "Display name can be at most 60 characters long")
    }

    @Test func aRefusedDisplayNameNeverReachesTheSettings() throws {
        var model = SettingsViewModel(
            settings: Settings(displayName: "Ali", theme: .system, showSubtitles: false), user: nil,
            accounts: InMemoryAccounts())
        _ = try model.submit(["displayName": "Evil\u{202E}txt.exe", "theme": "dark"])
        #expect(model.displayName.error == "Display name must not contain control characters")
        #expect(model.settings.displayName == "Ali")
        #expect(model.theme == .dark)
    }

    @Test(arguments: [
        ItemDraft(title: "Bad\u{0}title", subtitle: ""), ItemDraft(title: "fine", subtitle: "bad\u{1B}[31m"),
        ItemDraft(title: hugeText, subtitle: ""), ItemDraft(title: "fine", subtitle: hugeText),
    ])
    func draftsFromAnywhereObeyTheSameBounds(_ draft: ItemDraft) {
        #expect(!ItemFormViewModel.isValid(draft))
    }
}
