import Glibc

/// An address range in CIDR notation (`10.0.0.0/8`, `fd00::/8`, or one address), for deciding
/// which peers are trusted proxies. IPv4 is kept as IPv4-mapped IPv6, so `10.0.0.1` and
/// `::ffff:10.0.0.1` (how a dual-stack socket reports it) match the same network.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The network's first address, 16 bytes.
    let prefix: [UInt8]
    /// Leading bits that must match, 0...128.
    let bits: Int
    public let description: String

    /// Parses `address` or `address/bits`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.bytes(of: String(parts[0])) else { return nil }
        let isIPv4 = !parts[0].contains(":")
        var bits = 128
        if parts.count == 2 {
            guard let given = Int(parts[1]), given >= 0, given <= (isIPv4 ? 32 : 128), parts[1].allSatisfy(\.isNumber) else {
                return nil
            }
            bits = isIPv4 ? 96 + given : given
        }
        self.bits = bits
        prefix = Self.masked(address, bits: bits)
        description = text
    }

    /// Whether `address` (as a socket or a header reports it) lies in this network.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return Self.masked(bytes, bits: bits) == prefix
    }

    /// The address as 16 bytes (IPv4 mapped), or nil when it is not an IP address.
    static func bytes(of text: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        if text.contains(":") {
            let parsed = bytes.withUnsafeMutableBytes { inet_pton(AF_INET6, text, $0.baseAddress) }
            return parsed == 1 ? bytes : nil
        }
        var four = [UInt8](repeating: 0, count: 4)
        guard four.withUnsafeMutableBytes({ inet_pton(AF_INET, text, $0.baseAddress) }) == 1 else { return nil }
        bytes[10] = 0xFF
        bytes[11] = 0xFF
        bytes.replaceSubrange(12..<16, with: four)
        return bytes
    }

    fileprivate static func masked(_ bytes: [UInt8], bits: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, bits - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
        }
    }
}

extension IPNetwork {
    /// The key a client is counted under: an IPv4 address as it is, an IPv6 address as its
    /// `prefixLength` block (`2001:db8:1:2::/64`). One subscriber usually holds a whole /64, so
    /// counting whole IPv6 addresses would give each visitor 2⁶⁴ budgets. Not an address: as given.
    public static func countingKey(of address: String, ipv6PrefixLength prefixLength: Int) -> String {
        guard address.contains(":"), prefixLength < 128, var bytes = bytes(of: address) else { return address }
        // An IPv4-mapped address (a dual-stack socket's view of an IPv4 peer) is IPv4.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        bytes = masked(bytes, bits: max(0, prefixLength))
        var text = [CChar](repeating: 0, count: 64)
        let written = bytes.withUnsafeBytes { raw in
            text.withUnsafeMutableBufferPointer { inet_ntop(AF_INET6, raw.baseAddress, $0.baseAddress, 64) }
        }
        guard written != nil else { return address }
        let prefix = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return "\(prefix)/\(prefixLength)"
    }
}
