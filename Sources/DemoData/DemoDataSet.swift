/// Which demo content a new data folder is seeded with (`--demo-data`, `WAYPOINT_DEMO_DATA`).
public struct DemoDataSet: RawRepresentable, Hashable, Sendable, CaseIterable {
    enum Kind: Hashable, Sendable {
        case library
        case benchmark
        case shelf(Int)
    }

    let kind: Kind

    /// A small public library: real and realistic titles, authors and periodicals, one shelf of
    /// thousands of issues, and every kind of text escaping has to get right (`&`, `<`, `"`, `’`,
    /// letters beyond ASCII).
    public static let library = DemoDataSet(kind: .library)
    /// The data set of the shared benchmark page (`bench/PAGE_SPEC.md`): eight categories of fifty
    /// items titled `Item n <c>`, the same bytes on Waypoint and on its peers.
    public static let benchmark = DemoDataSet(kind: .benchmark)

    /// The benchmark's data set plus one more category, `shelf`, holding `count` items with short
    /// titles (`shelf100k`, `shelf2000`, `shelf1m`): a store that grew, made without form posts.
    public static func shelf(_ count: Int) -> DemoDataSet {
        DemoDataSet(kind: .shelf(max(0, count)))
    }

    /// The two fixed sets, and a small shelf standing for every size.
    public static let allCases = [library, benchmark, shelf(2_000)]

    /// How large a shelf `--demo-data` may ask for: ten million items are already gigabytes.
    public static let largestShelf = 10_000_000

    init(kind: Kind) {
        self.kind = kind
    }

    /// `library`, `benchmark`, or `shelf` and a count with an optional `k` (thousands) or `m`
    /// (millions): `shelf100k`, `shelf-2000`.
    public init?(rawValue: String) {
        switch rawValue {
        case "library": self = .library
        case "benchmark": self = .benchmark
        default:
            guard rawValue.hasPrefix("shelf") else { return nil }
            var digits = rawValue.dropFirst("shelf".count)
            if digits.first == "-" { digits = digits.dropFirst() }
            var factor = 1
            if digits.last == "k" { factor = 1_000 } else if digits.last == "m" { factor = 1_000_000 }
            if factor > 1 { digits = digits.dropLast() }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int(digits),
                count <= Self.largestShelf / factor
            else { return nil }
            self = .shelf(count * factor)
        }
    }

    public var rawValue: String {
        switch kind {
        case .library: "library"
        case .benchmark: "benchmark"
        case .shelf(let count): "shelf\(count)"
        }
    }
}
