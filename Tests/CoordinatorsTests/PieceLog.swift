import Coordinators

/// A route output that keeps what it was handed, by kind, so tests can see which bytes an output
/// may copy as they are: the components it took whole under the printer's rule.
struct PieceLog: RouteOutput {
    private(set) var bytes: [UInt8] = []
    private(set) var components: [[UInt8]] = []
    private(set) var singleBytes: [UInt8] = []

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
        singleBytes.append(byte)
    }

    mutating func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { bytes += $0 }
    }

    mutating func append(contentsOf component: String, ifEvery isKept: (UInt8) -> Bool) -> Bool {
        let piece = Array(component.utf8)
        guard piece.allSatisfy(isKept) else { return false }
        bytes += piece
        components.append(piece)
        return true
    }
}
