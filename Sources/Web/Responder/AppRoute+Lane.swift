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
