/// Levenshtein distance over UTF-8 bytes, bounded so a long URL cannot make a 404 expensive.
enum EditDistance {
    static let maximumLength = 256

    static func between(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.utf8.prefix(maximumLength))
        let b = Array(rhs.utf8.prefix(maximumLength))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
