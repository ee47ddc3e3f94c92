import Models
import Testing
@testable import ViewModels

@Suite struct FlowAndScreenViewModelTests {
    @Test func everyFlowStepHasATitleAndSummary() {
        #expect(FlowStep.allCases.map(\.title) == ["Primary", "Secondary 1", "Secondary 2", "Tertiary"])
        #expect(FlowStep.allCases.allSatisfy { !$0.summary.isEmpty })
    }

    @Test(arguments: [
        (FlowStep.primary, [FlowStep.secondary1, .secondary2]), (.secondary1, [.tertiary]), (.secondary2, []), (.tertiary, []),
    ])
    func offersTheNextSteps(_ step: FlowStep, _ next: [FlowStep]) {
        let model = FlowViewModel(step: step)
        #expect(model.title == step.title)
        #expect(model.choices.map(\.step) == next)
        #expect(model.choices.map(\.title) == next.map(\.title))
    }

    @Test(arguments: [
        (CalendarDate(year: 2026, month: 11, day: 22), "Sunday, 22 November 2026"),
        (CalendarDate(year: 2024, month: 2, day: 29), "Thursday, 29 February 2024"),
    ])
    func screenTabShowsTodayForPeople(_ today: CalendarDate, _ text: String) {
        let model = ScreenTabViewModel(today: today)
        #expect(model.todayText == text)
        #expect(model.todayISO == today.description)
        #expect(!model.summary.isEmpty)
    }
}
