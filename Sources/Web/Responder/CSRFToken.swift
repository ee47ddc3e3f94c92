/// Compares a submitted CSRF token with the session's in time that depends only on the length,
/// so the comparison leaks nothing about how much of a guess was right.
enum CSRFToken {
    static func matches(_ submitted: String, _ expected: String) -> Bool {
        let lhs = Array(submitted.utf8)
        let rhs = Array(expected.utf8)
        guard !rhs.isEmpty, lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<rhs.count {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }
}
