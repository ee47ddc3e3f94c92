import DemoData

extension WaypointConfiguration {
    /// Whether the server listens only on a loopback address, where nobody else can reach it.
    public var listensOnLoopbackOnly: Bool {
        let address = host.lowercased()
        return address == "localhost" || address == "::1" || address == "[::1]" || address.hasPrefix("127.")
    }

    /// The published demo password is for local play only: beyond loopback a new data folder's
    /// `demo` administrator gets a random one (printed once) unless the operator chose one.
    public var demoPasswordChoice: DemoPassword {
        if let demoPassword { return .given(demoPassword) }
        return listensOnLoopbackOnly ? .published : .random
    }
}
