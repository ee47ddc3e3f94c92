import Models

/// The title/subtitle form behind "New item" and the Options tab's edit form.
public struct ItemFormViewModel: Hashable, Sendable {
    public static let titleMaximumLength = FieldRules.title.maximumCharacters
    public static let subtitleMaximumLength = FieldRules.subtitle.maximumCharacters

    public private(set) var state: FormState

    /// An empty form, or one prefilled with `draft` for editing.
    public init(draft: ItemDraft = ItemDraft(title: "", subtitle: "")) {
        state = FormState(fields: [
            FormField(name: "title", label: "Title", value: draft.title, rules: .title, isRequired: true),
            FormField(name: "subtitle", label: "Subtitle", value: draft.subtitle, rules: .subtitle),
        ])
    }

    public init(item: Item) {
        self.init(draft: ItemDraft(title: item.title, subtitle: item.subtitle))
    }

    /// Checks the input; returns the draft to save, or nil with the errors left in `state`.
    public mutating func validate(_ input: FormInput) -> ItemDraft? {
        let title = state.take("title", from: input)
        let subtitle = state.take("subtitle", from: input)
        return state.isInvalid ? nil : ItemDraft(title: title, subtitle: subtitle)
    }

    /// What a visitor typed before being sent to sign in, kept to fill the form again afterwards;
    /// nil when it is larger than the form could ever accept (nothing that size is kept).
    public static func typed(_ input: FormInput) -> ItemDraft? {
        let title = input["title"] ?? ""
        let subtitle = input["subtitle"] ?? ""
        guard title.utf8.count <= FieldRules.title.maximumBytes, subtitle.utf8.count <= FieldRules.subtitle.maximumBytes
        else { return nil }
        return ItemDraft(title: title, subtitle: subtitle)
    }

    /// Whether a draft from anywhere (not only this form) obeys the same rules.
    public static func isValid(_ draft: ItemDraft) -> Bool {
        var form = ItemFormViewModel()
        return form.validate(["title": draft.title, "subtitle": draft.subtitle]) == draft
    }
}
