import Glibc

/// The entries at the top of a static root, listed once: a path that starts with none of them
/// cannot be a file there, which one pass over its bytes shows without asking the file system.
struct StaticFileNames: Sendable {
    private let names: Set<Substring>

    init(_ names: some Sequence<String>) {
        self.names = Set(names.map { Substring($0) })
    }

    /// The names in `directory` now (none if it cannot be read).
    init(listing directory: String) {
        var names: [String] = []
        if let handle = opendir(directory) {
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
        }
        self.init(names)
    }

    /// False only for a plain path (no escapes, backslashes, NULs or dot segments, which the full
    /// check must see) whose first segment is not a listed name.
    func mayName(_ path: String) -> Bool {
        var firstEnd: String.Index?
        var previous: UInt8 = 0
        for index in path.utf8.indices {
            let byte = path.utf8[index]
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                return true
            case UInt8(ascii: ".") where previous == UInt8(ascii: "/"):
                return true
            case UInt8(ascii: "/") where firstEnd == nil && index != path.startIndex:
                firstEnd = index
            default:
                break
            }
            previous = byte
        }
        guard path.utf8.first == UInt8(ascii: "/") else { return true }
        let first = path[path.index(after: path.startIndex)..<(firstEnd ?? path.endIndex)]
        return names.contains(first)
    }
}
