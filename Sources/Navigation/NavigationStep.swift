/// One change a stack went through; the ledger records these so a coordinator that only ever
/// pushes stands out in the inspector.
public enum NavigationStep<Page: Hashable>: Hashable {
    case push(Page)
    case pop(Page)
    case present(Page)
    case dismiss(Page)
    /// The root itself changed (`replace(with:)` or a reconciliation to another root).
    case reset(Page)

    public var page: Page {
        switch self {
        case .push(let page), .pop(let page), .present(let page), .dismiss(let page), .reset(let page): page
        }
    }

    public var kind: NavigationLedger.Kind {
        switch self {
        case .push: .push
        case .pop: .pop
        case .present: .present
        case .dismiss: .dismiss
        case .reset: .reset
        }
    }
}

extension NavigationStep: Sendable where Page: Sendable {}
