import Models
import Navigation
import ViewModels

/// "Add in steps": a wizard in a sheet over a category (title, details, review), each step its own
/// URL. It keeps what was typed across the steps and which steps passed their checks; it lives
/// from its first step until the item is added or the sheet is closed (Cancel), and both ends are
/// in the ledger. Kept in memory only: after a restart the wizard starts again at its first step.
public final class AddItemWizardCoordinator: Coordinator {
    public var name: String { "AddItemWizardCoordinator" }
    public weak var parent: (any Coordinator)?
    public var children: [any Coordinator] = []
    public let category: CategoryID
    public internal(set) var draft = ItemDraft(title: "", subtitle: "")
    /// The steps whose values passed their checks.
    public internal(set) var done: Set<WizardStep> = []

    public init(category: CategoryID) {
        self.category = category
    }

    /// `step`, or the first earlier step not done yet (a step's URL opened before its turn).
    public func reachable(_ step: WizardStep) -> WizardStep {
        WizardStep.allCases.first { $0.number < step.number && !done.contains($0) } ?? step
    }

    /// The fields each step shows; the review shows none (it names the values in its message).
    public static func fieldNames(of step: WizardStep) -> Set<String> {
        switch step {
        case .title: ["title"]
        case .details: ["subtitle"]
        case .review: []
        }
    }

    /// Takes what the step's form carried (only its own fields) into the draft.
    func keep(_ form: FormInput, from step: WizardStep) {
        let names = Self.fieldNames(of: step)
        if names.contains("title"), let title = form["title"] { draft.title = title }
        if names.contains("subtitle"), let subtitle = form["subtitle"] { draft.subtitle = subtitle }
    }
}
