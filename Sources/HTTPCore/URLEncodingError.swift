/// Why percent-encoded or form-encoded text could not be decoded; user input, so a 400, never a crash.
public enum URLEncodingError: Error, Sendable, Hashable {
    /// A `%` not followed by two hexadecimal digits (`%G1`, `%4`).
    case invalidPercentEscape
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
    /// A form with more fields than `URLEncodedForm.Limits.maxFields`.
    case tooManyFields(limit: Int)
    /// A field name longer (encoded) than `URLEncodedForm.Limits.maxNameBytes`.
    case nameTooLong(limit: Int)
    /// A field value longer (encoded) than `URLEncodedForm.Limits.maxValueBytes`.
    case valueTooLong(limit: Int)
}
