extension RedisConfiguration: CustomStringConvertible, CustomDebugStringConvertible {
    /// The redacted URL: a configuration that ends up in a log or a test failure never shows the password.
    public var description: String { redactedURL }
    public var debugDescription: String { "RedisConfiguration(\(redactedURL))" }
}
