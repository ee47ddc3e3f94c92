extension FormState {
    /// Refuses a throttled submission: every form words the wait the same way and hands the web
    /// layer the seconds it needs for `Retry-After`.
    mutating func refuseTooManyAttempts<Value>(on fieldName: String, retryAfterSeconds seconds: Int) -> FormOutcome<Value> {
        formErrors = [FormError(fieldName: fieldName, message: FieldRules.tooManyAttempts(retryAfterSeconds: seconds))]
        return .rateLimited(self, retryAfterSeconds: seconds)
    }
}
