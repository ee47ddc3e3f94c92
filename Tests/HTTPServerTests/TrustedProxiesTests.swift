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

    @Test func onlyTheBelievedHeaderCounts() {
        let peer = ConnectionInfo(remoteAddress: "10.0.0.2", isSecure: false)
        // The proxy appended X-Forwarded-For; the client wrote Forwarded itself, which the proxy passed on.
        let sent = headers([("Forwarded", "for=203.0.113.66;proto=https"), ("X-Forwarded-For", "198.51.100.1")])
        let client = proxies.client(of: peer, headers: sent)
        #expect(client.remoteAddress == "198.51.100.1")
        #expect(client.peerAddress == "10.0.0.2")
        #expect(!client.isSecure)
        // A client that sends only Forwarded, through a proxy that sets X-Forwarded-For, is the peer.
        let forgedOnly = proxies.client(of: peer, headers: headers([("Forwarded", "for=203.0.113.66")]))
        #expect(forgedOnly.remoteAddress == "10.0.0.2")
    }

    @Test func theStandardForwardedHeaderWhenTheOperatorSaysSo() {
        let believing = proxies.believing(.forwarded)
        let peer = ConnectionInfo(remoteAddress: "fd00::1", isSecure: false)
        let client = believing.client(
            of: peer, headers: headers([
                ("Forwarded", #"for="[2001:db8::7]:4711";proto=https, for=10.0.0.3"#), ("X-Forwarded-For", "198.51.100.1"),
            ]))
        #expect(client.remoteAddress == "2001:db8::7")
        #expect(client.isSecure)
    }

    @Test func theSchemeIsTheOneOurProxyWrote() {
        let peer = ConnectionInfo(remoteAddress: "10.0.0.2", isSecure: true)
        let client = proxies.client(
            of: peer, headers: headers([("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-Proto", "https, http")]))
        #expect(!client.isSecure)
    }

    @Test func aForwardedElementWithoutForStopsTheWalk() {
        let believing = proxies.believing(.forwarded)
        let peer = ConnectionInfo(remoteAddress: "10.0.0.2", isSecure: false)
        let client = believing.client(of: peer, headers: headers([("Forwarded", "for=198.51.100.9, proto=https")]))
        #expect(client.remoteAddress == "10.0.0.2")
    }

    @Test(arguments: [
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", 64, "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", 48, "2001:db8:1::/48"),
        ("2001:db8:1:2::1", 128, "2001:db8:1:2::1"),
        ("198.51.100.7", 64, "198.51.100.7"),
        ("::ffff:198.51.100.7", 64, "198.51.100.7"),
        ("not-an-address", 64, "not-an-address"),
    ])
    func clientsAreCountedPerIPv6Block(address: String, bits: Int, key: String) {
        #expect(IPNetwork.countingKey(of: address, ipv6PrefixLength: bits) == key)
    }

    @Test func garbageInTheChainLeavesThePeer() {
        let peer = ConnectionInfo(remoteAddress: "10.0.0.2", isSecure: false)
        #expect(proxies.client(of: peer, headers: headers([("X-Forwarded-For", "<script>")])).remoteAddress == "10.0.0.2")
    }
}
