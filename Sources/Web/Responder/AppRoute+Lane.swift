import Coordinators

extension AppRoute {
    /// Whether a form POST to this route may hash a password (sign-in, registration, a new password
    /// from a reset link): such a submission runs on the hashing lane, apart from other work, so a
    /// burst of sign-ins neither delays pages nor other forms.
    var hashesPasswords: Bool {
        switch self {
        case .account(.login), .account(.register), .account(.resetPassword): true
        default: false
        }
    }
}

extension AppRoute {
    /// Whether showing this screen asks the store itself rather than what this instance holds in
    /// memory (a reset link's token is looked up): with Redis that blocks, so such a GET is served
    /// on a worker, not on the event loop where parked requests resume.
    var readsStoreWhenShown: Bool {
        if case .account(.resetPassword) = self { return true }
        return false
    }
}
