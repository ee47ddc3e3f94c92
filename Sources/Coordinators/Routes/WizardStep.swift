/// The steps of "Add in steps", the wizard in a sheet: each its own URL
/// (`/library/{category}/items/new/{step}`), in this order.
public enum WizardStep: String, Hashable, Sendable, Codable, CaseIterable {
    case title
    case details
    case review

    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }
    public var previous: WizardStep? { number > 1 ? Self.allCases[number - 2] : nil }
    public var next: WizardStep? { number < Self.allCases.count ? Self.allCases[number] : nil }

    public var heading: String {
        switch self {
        case .title: "Title"
        case .details: "Details"
        case .review: "Review"
        }
    }
}
