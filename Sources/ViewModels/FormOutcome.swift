/// The result of submitting a form. Invalid outcomes carry the state to render again; rate limiting
/// carries the wait so the web layer can answer 429 with `Retry-After`.
public enum FormOutcome<Value> {
    case succeeded(Value)
    case invalid(FormState)
    case rateLimited(FormState, retryAfterSeconds: Int)
}

extension FormOutcome: Sendable where Value: Sendable {}
extension FormOutcome: Equatable where Value: Equatable {}

extension FormOutcome {
    /// The value of a successful submission, if it was one.
    public var value: Value? {
        if case .succeeded(let value) = self { return value }
        return nil
    }

    /// The state to render again, if the submission was refused.
    public var state: FormState? {
        switch self {
        case .succeeded: nil
        case .invalid(let state), .rateLimited(let state, _): state
        }
    }
}
