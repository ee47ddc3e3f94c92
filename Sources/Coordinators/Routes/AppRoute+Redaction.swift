extension AppRoute {
    /// The route as the inspector and the logs may show it: a reset link's token is a password for
    /// one use, so it never leaves the link itself.
    public var redactedPath: String {
        if case .account(.resetPassword) = self { return "/reset-password/[redacted]" }
        return print()
    }

    /// `path` with a reset link's token hidden, for logging a path that may not parse as a route.
    public static func redacting(path: String) -> String {
        path.hasPrefix("/reset-password/") ? "/reset-password/[redacted]" : path
    }
}
