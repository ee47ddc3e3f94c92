import HTTPCore
import HTTPServer

/// Each request's id: the one a trusted proxy sent in `X-Request-Id` (when it looks like an id),
/// else a short random one. Echoed in the response, written in the access log, quoted on 500 pages.
enum RequestID {
    static let header = "X-Request-Id"

    static func decide(for request: HTTPRequest, peer: ConnectionInfo, proxies: TrustedProxies) -> String {
        if !proxies.networks.isEmpty, proxies.trusts(peer.remoteAddress), let given = request.headers[header], isWellFormed(given) {
            return given
        }
        return generate()
    }

    /// 1–64 characters of letters, digits, `-`, `_`, `.` and `:`: safe in logs, headers and pages.
    static func isWellFormed(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
            default: false
            }
        }
    }

    /// 16 hex digits.
    static func generate() -> String {
        let value = UInt64.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
