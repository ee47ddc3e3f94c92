import Testing
@testable import ViewModels

@Suite struct FieldRulesTests {
    @Test(arguments: [
        "a@b.co", "name@example.com", "first.last+tag@sub.example.org", "x@localhost.localdomain",
        "<script>@example.com", String(repeating: "a", count: 64) + "@example.com",
    ])
    func acceptsSensibleEmailAddresses(_ email: String) {
        #expect(FieldRules.email(email) == nil)
    }

    @Test(arguments: [
        "plainaddress", "@example.com", "name@", "name@example", "name@@example.com", "a@b@example.com",
        "name@example..com", "name@.example.com", "name@example.com.", "na me@example.com", "name@exa mple.com",
        "name\t@example.com", String(repeating: "a", count: 65) + "@example.com",
    ])
    func rejectsMalformedEmailAddresses(_ email: String) {
        #expect(FieldRules.email(email) == FieldRules.emailInvalid)
    }

    @Test func rejectsEmailAddressesLongerThan254Characters() {
        let domain = String(repeating: "d", count: 63) + "." + String(repeating: "e", count: 63) + "."
            + String(repeating: "f", count: 63) + ".com"
        let fits = String(repeating: "a", count: 254 - domain.count - 1) + "@" + domain
        #expect(fits.count == 254)
        #expect(FieldRules.email(fits) == nil)
        #expect(FieldRules.email("a" + fits) == FieldRules.emailTooLong)
    }

    @Test(arguments: ["abc", "alice", "a.b-c_d", "User42", String(repeating: "z", count: 32)])
    func acceptsUsernamesOfLettersDigitsAndPunctuation(_ username: String) {
        #expect(FieldRules.username(username) == nil)
    }

    @Test(arguments: [
        "ab", String(repeating: "z", count: 33), "with space", "émile", "a/b", "<b>bold</b>", "a@b", "tab\there",
    ])
    func rejectsOtherUsernames(_ username: String) {
        #expect(FieldRules.username(username) == FieldRules.usernameInvalid)
    }

    @Test(arguments: [
        (String(repeating: "x", count: 8), FieldRules.passwordTooShort),
        ("short", FieldRules.passwordTooShort),
        (String(repeating: "x", count: 9), nil),
        ("         ", nil),
        (String(repeating: "x", count: 1_024), nil),
        (String(repeating: "x", count: 1_025), FieldRules.passwordTooLong),
    ] as [(String, String?)])
    func enforcesPasswordLength(_ password: String, _ expected: String?) {
        #expect(FieldRules.password(password) == expected)
    }

    @Test func passwordMessageIsExactlyTheAgreedWording() {
        #expect(FieldRules.password("12345678") == "Passwords need to be a minimum of 9 characters long")
    }

    @Test(arguments: [
        ("  hello  ", "hello"), ("\t\nhi there\r\n", "hi there"), ("   ", ""), ("", ""), ("a", "a"),
    ])
    func trimsWhitespaceAtBothEnds(_ raw: String, _ expected: String) {
        #expect(FieldRules.trimmed(raw) == expected)
    }

    @Test(arguments: [
        (1, "Too many attempts. Try again in 1 second."), (30, "Too many attempts. Try again in 30 seconds."),
        (60, "Too many attempts. Try again in 1 minute."), (61, "Too many attempts. Try again in 2 minutes."),
        (0, "Too many attempts. Try again in 1 second."),
    ])
    func describesTheWaitAfterTooManyAttempts(_ seconds: Int, _ message: String) {
        #expect(FieldRules.tooManyAttempts(retryAfterSeconds: seconds) == message)
    }

    @Test func countsEmailLengthsInBytes() {
        // 33 characters but 66 bytes: over the RFC's 64-octet local part.
        #expect(FieldRules.email(String(repeating: "é", count: 33) + "@example.com") == FieldRules.emailInvalid)
        #expect(FieldRules.email(String(repeating: "é", count: 32) + "@example.com") == nil)
        let domain = "@" + String(repeating: "d", count: 60) + ".com"
        let local = String(repeating: "ü", count: (254 - domain.utf8.count) / 2 + 1)
        #expect((local + domain).count <= 254)
        #expect(FieldRules.email(local + domain) == FieldRules.emailTooLong)
    }

    @Test func boundsPasswordsInBytesBeforeCountingCharacters() {
        let tenCharacters = String(repeating: "x" + String(repeating: "\u{301}", count: 14_000), count: 10)
        #expect(FieldRules.password(tenCharacters) == FieldRules.passwordTooLong)
        #expect(FieldRules.password(String(repeating: "é", count: 512)) == nil)
        #expect(FieldRules.password(String(repeating: "é", count: 513)) == FieldRules.passwordTooLong)
    }

    @Test func everyKindOfFieldIsBoundedInBytesAndCharacters() {
        let kinds: [FieldRules] = [
            .title, .subtitle, .displayName, .username, .newUsername, .email, .password, .passwordConfirmation,
        ]
        for rules in kinds {
            #expect(rules.maximumBytes >= rules.maximumCharacters)
            #expect(rules.maximumBytes <= 2_000)
        }
        #expect(kinds.filter(\.allowsLineBreaks) == [.subtitle])
        #expect(kinds.filter(\.isSecret) == [.password, .passwordConfirmation])
    }

    @Test(arguments: [
        ("a\u{0}b", false, "ab"), ("a\u{1B}[31mb", false, "a[31mb"), ("a\u{202E}b\u{2069}", false, "ab"),
        ("a\nb", false, "ab"), ("a\nb", true, "a\nb"), ("a\r\nb", true, "a\r\nb"), ("a\rb", true, "ab"),
        ("a\r", true, "a"), ("a\u{85}b", true, "ab"),
        ("a\u{200E}b\u{200F}c\u{061C}", false, "abc"), ("Zoë 日本語 👩‍👩‍👧‍👦", false, "Zoë 日本語 👩‍👩‍👧‍👦"),
    ])
    func findsAndRemovesControlCharacters(_ value: String, _ multiLine: Bool, _ cleaned: String) {
        let rules = FieldRules(text: 100, allowsLineBreaks: multiLine)
        #expect(rules.containsControlCharacters(value) == (value != cleaned))
        #expect(rules.removingControlCharacters(value).unicodeScalars.elementsEqual(cleaned.unicodeScalars))
    }

    @Test(arguments: ["\u{200B}", "\u{2060}\u{2060}", "\u{3164}", "\u{00AD}", " \u{200B} \u{FEFF} ", "\u{E0041}"])
    func aTitleThatShowsNothingIsRefused(_ title: String) {
        var field = FormField(name: "title", label: "Title", rules: .title, isRequired: true)
        let taken = field.take(from: ["title": title])
        field.check(taken)
        #expect(taken.isEmpty)
        #expect(field.error == FieldRules.invisibleOnly(label: "Title"))
    }

    @Test(arguments: ["Zoë", "a\u{200B}b", "\u{00AD}x", "日本"])
    func visibleTextWithInvisibleCharactersInsideIsKept(_ title: String) {
        var field = FormField(name: "title", label: "Title", rules: .title, isRequired: true)
        let taken = field.take(from: ["title": title])
        field.check(taken)
        #expect(field.error == nil)
        #expect(taken == title)
    }
}
