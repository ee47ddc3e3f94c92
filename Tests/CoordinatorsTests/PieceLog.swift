import Coordinators

/// A route output that keeps what it was handed, by kind, so tests can see which bytes an output
/// may copy as they are.
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

    mutating func append(contentsOf component: String) {
        let piece = Array(component.utf8)
        bytes += piece
        components.append(piece)
    }
}
