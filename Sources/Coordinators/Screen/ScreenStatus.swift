/// How a rendered screen answers, without HTTP words: Web maps `.invalid` to 422, `.notFound` to 404,
/// `.forbidden` to 403.
public enum ScreenStatus: String, Hashable, Sendable {
    case ok
    /// A form was refused; the same screen shows the errors and the kept values.
    case invalid
    case notFound
    /// The viewer is signed in but may not do what they asked (change someone else's item).
    case forbidden
}
