import HTTPCore
import Testing
@testable import HTTPServer

/// Forwarding headers are believed only from trusted proxies, and only as far as the chain of
/// trusted proxies goes.
@Suite struct TrustedProxiesTests {
    let proxies = TrustedProxies(list: "10.0.0.0/8, fd00::/8")!

    func headers(_ pairs: [(String, String)]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in pairs { headers.add(name, value) }
        return headers
    }

    @Test(arguments: [
        ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false), ("10.0.0.0/8", "::ffff:10.1.1.1", true),
        ("192.0.2.7", "192.0.2.7", true), ("192.0.2.7", "192.0.2.8", false), ("fd00::/8", "fd12::1", true),
        ("fd00::/8", "fe80::1", false), ("0.0.0.0/0", "203.0.113.9", true), ("10.0.0.0/8", "not-an-address", false),
    ])
    func networksContainTheirAddresses(network: String, address: String, contained: Bool) throws {
        #expect(try #require(IPNetwork(network)).contains(address) == contained)
    }

    @Test(arguments: ["10.0.0.0/33", "10.0.0/8", "garbage", "", "fd00::/129", "10.0.0.0/-1", "10.0.0.0/8x"])
    func malformedRangesAreRefused(text: String) {
        #expect(IPNetwork(text) == nil)
    }

    @Test func aStrangerCannotChooseItsAddress() {
        let peer = ConnectionInfo(remoteAddress: "203.0.113.5", isSecure: false)
        let client = proxies.client(of: peer, headers: headers([("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-Proto", "https")]))
        #expect(client.remoteAddress == "203.0.113.5")
        #expect(!client.isSecure)
    }

    @Test func aTrustedProxyNamesTheClientPastOtherTrustedHops() {
        let peer = ConnectionInfo(remoteAddress: "10.0.0.2", isSecure: false)
        let client = proxies.client(
            of: peer, headers: headers([("X-Forwarded-For", "1.2.3.4, 198.51.100.1, 10.0.0.9"), ("X-Forwarded-Proto", "https")]))
        // 1.2.3.4 was written by the client itself: only the first untrusted hop counts.
        #expect(client.remoteAddress == "198.51.100.1")
        #expect(client.isSecure)
    }

    @Test func theStandardForwardedHeaderWins() {
        let peer = ConnectionInfo(remoteAddress: "fd00::1", isSecure: false)
        let client = proxies.client(
            of: peer, headers: headers([
                ("Forwarded", #"for="[2001:db8::7]:4711";proto=https, for=10.0.0.3"#), ("X-Forwarded-For", "198.51.100.1"),
            ]))
        #expect(client.remoteAddress == "2001:db8::7")
        #expect(client.isSecure)
    }

    @Test func garbageInTheChainLeavesThePeer() {
        let peer = ConnectionInfo(remoteAddress: "10.0.0.2", isSecure: false)
        #expect(proxies.client(of: peer, headers: headers([("X-Forwarded-For", "<script>")])).remoteAddress == "10.0.0.2")
    }
}
