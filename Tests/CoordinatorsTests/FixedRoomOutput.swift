import Coordinators

/// A route output with a fixed room, refusing what does not fit, as the page's text writer in Web
/// does: the printer must spell a route the same whatever it prints into.
struct FixedRoomOutput: RouteOutput {
    let room: Int
    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false

    init(room: Int) {
        self.room = room
    }

    mutating func append(_ byte: UInt8) {
        append([byte])
    }

    mutating func append(contentsOf text: StaticString) {
        append(text.withUTF8Buffer { Array($0) })
    }

    mutating func append(contentsOf component: String, ifEvery isKept: (UInt8) -> Bool) -> Bool {
        guard component.utf8.allSatisfy(isKept) else { return false }
        append(Array(component.utf8))
        return true
    }

    private mutating func append(_ piece: [UInt8]) {
        guard !overflowed, piece.count <= room - bytes.count else {
            overflowed = true
            return
        }
        bytes += piece
    }
}
