import Models

/// What a form that changes the store decides before anything is written: refused, with the state
/// to show again, or a write to make (`StoreWrite`). Whoever runs the request makes the write, so
/// view models never wait for the store.
public enum FormWrite: Hashable, Sendable {
    case invalid(FormState)
    case write(StoreWrite)
}
