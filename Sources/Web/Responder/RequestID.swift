import HTTPCore
import HTTPServer
import Services
import Synchronization

/// Each request's id: the one a trusted proxy sent in `X-Request-Id` (when it looks like an id),
/// else one generated here. Echoed in the response, written in the access log, quoted on 500 pages.
enum RequestID {
    static let header = "X-Request-Id"

    /// A client's own `X-Request-Id` is never adopted: it could collide with another request's id,
    /// or point a log search at the wrong request. `peer` is the socket's peer, not the forwarded client.
    /// Returns that id, or nil when one is to be generated (`generateNumber`).
    static func given(in request: HTTPRequest, peer: ConnectionInfo, proxies: TrustedProxies) -> String? {
        if !proxies.networks.isEmpty, proxies.trusts(peer.peerAddress), let given = request.headers[header], isWellFormed(given) {
            return given
        }
        return nil
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

    /// 16 hex digits: a counter from a random start, passed through a bijection so that ids look
    /// unrelated. Unique within a process, unlikely to meet another instance's, and no system call
    /// per request (drawing a random number for each cost one `getrandom`). An id names a request
    /// in logs; it is not a secret.
    static func generate() -> String {
        HTTPResponseSerializer.ExtraField.Value.hex(generateNumber()).text
    }

    /// The number a generated id is written from (16 hex digits, see
    /// `HTTPReply.settingField(_:hex:)`): kept as a number until written, no String per request.
    static func generateNumber() -> UInt64 {
        scrambled(counter.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    private static let counter = Atomic<UInt64>(UInt64.random(in: .min ... .max))

    /// SplitMix64's finalizer: each step is invertible, so distinct counts give distinct ids.
    static func scrambled(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
