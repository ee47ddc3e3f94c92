import Testing
@testable import ViewModels

@Suite struct FormStateTests {
    let field = FormField(name: "title", label: "Title", maxLength: 10)

    @Test func aFormWithoutErrorsIsValid() {
        let state = FormState(fields: [field])
        #expect(!state.isInvalid)
        #expect(state.errors.isEmpty)
        #expect(state["title"] == field)
        #expect(state["missing"] == nil)
    }

    @Test func aFormLevelErrorAloneMakesTheFormInvalid() {
        let state = FormState(fields: [field], formErrors: [FormError(fieldName: "title", message: "Nope")])
        #expect(state.isInvalid)
        #expect(state.errors == [FormError(fieldName: "title", message: "Nope")])
    }

    @Test func outcomesExposeTheirValueOrState() {
        let state = FormState(fields: [field])
        #expect(FormOutcome<Int>.succeeded(3).value == 3)
        #expect(FormOutcome<Int>.succeeded(3).state == nil)
        #expect(FormOutcome<Int>.invalid(state).state == state)
        #expect(FormOutcome<Int>.rateLimited(state, retryAfterSeconds: 2).value == nil)
    }

    @Test(arguments: [("", true), ("abc", false), ("  ", true)])
    func requiredFieldsRejectBlankValues(_ raw: String, _ rejected: Bool) {
        var required = FormField(name: "x", label: "X", isRequired: true, maxLength: 5)
        let value = required.take(from: ["x": raw])
        required.check(value)
        #expect((required.error == "X is required") == rejected)
    }

    @Test func optionalBlankFieldsSkipTheirRule() {
        var optional = FormField(name: "x", label: "X", maxLength: 5)
        optional.check(optional.take(from: [:])) { _ in "never" }
        #expect(optional.error == nil)
    }
}
