/// One line of a "Form Invalid" summary: the message and the field it belongs to, so the page can
/// link straight to the control that needs fixing.
public struct FormError: Hashable, Sendable {
    public var fieldName: String
    public var message: String

    public init(fieldName: String, message: String) {
        self.fieldName = fieldName
        self.message = message
    }
}
