import HTTPServer
import Models

extension AppResponder {
    /// The client as admission and the throttles count it: its address, or its IPv6 block.
    func countedClient(_ connection: ConnectionInfo, knownUsername: String? = nil) -> Client {
        Client(
            address: IPNetwork.countingKey(of: connection.remoteAddress, ipv6PrefixLength: ipv6CountingPrefix),
            knownUsername: knownUsername)
    }
}
