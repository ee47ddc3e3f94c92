/// How a rendered screen answers, without HTTP words: Web maps `.invalid` to 422, `.notFound` to 404.
public enum ScreenStatus: String, Hashable, Sendable {
    case ok
    /// A form was refused; the same screen shows the errors and the kept values.
    case invalid
    case notFound
}
