import Glibc

/// The entries at the top of a static root, listed once: a path that starts with none of them
/// cannot be a file there, which one pass over its bytes shows without asking the file system.
struct StaticFileNames: Sendable {
    private let names: Set<Substring>
    /// The same names as bytes when there are few (a site's handful): compared one by one, which
    /// costs less than hashing the segment for the set.
    private let few: [[UInt8]]?
    private static let fewCount = 32

    init(_ names: some Sequence<String>) {
        self.names = Set(names.map { Substring($0) })
        self.few = self.names.count <= Self.fewCount ? self.names.map { Array($0.utf8) } : nil
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
        // Over the string's own bytes (every request asks): offsets, not String indices.
        let scan = path.utf8.withContiguousStorageIfAvailable { bytes -> Scan in
            var firstEnd: Int?
            var previous: UInt8 = 0
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                    return .unsure
                case UInt8(ascii: ".") where previous == UInt8(ascii: "/"):
                    return .unsure
                case UInt8(ascii: "/") where firstEnd == nil && offset != 0:
                    firstEnd = offset
                default:
                    break
                }
                previous = byte
            }
            guard bytes.first == UInt8(ascii: "/") else { return .unsure }
            let end = firstEnd ?? bytes.count
            guard let few else { return .firstSegmentEnd(end) }
            let segment = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[1..<end]))
            let listed = few.contains { name in
                name.count == segment.count
                    && name.withUnsafeBytes { memcmp($0.baseAddress!, segment.baseAddress!, segment.count) == 0 }
            }
            return .listed(listed)
        }
        let firstEnd: Int
        switch scan ?? .unsure {
        case .unsure: return true
        case .listed(let listed): return listed
        case .firstSegmentEnd(let end): firstEnd = end
        }
        let utf8 = path.utf8
        let first = Substring(utf8[utf8.index(after: utf8.startIndex)..<utf8.index(utf8.startIndex, offsetBy: firstEnd)])
        return names.contains(first)
    }

    /// What the pass over a path's bytes found.
    private enum Scan {
        /// Not a plain path: the full check decides.
        case unsure
        /// Compared with the few names already.
        case listed(Bool)
        /// Where the first segment ends, for the set to settle.
        case firstSegmentEnd(Int)
    }
}
