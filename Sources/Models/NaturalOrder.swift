/// Orders titles the way people count: "Item 2" before "Item 10", case ignored.
public enum NaturalOrder {
    public enum Result: Sendable { case orderedAscending, orderedSame, orderedDescending }

    public static func compare(_ lhs: String, _ rhs: String) -> Result {
        var left = lhs.unicodeScalars.makeIterator(), right = rhs.unicodeScalars.makeIterator()
        var l = left.next(), r = right.next()
        while let a = l, let b = r {
            if isDigit(a), isDigit(b) {
                var leftNumber: [UInt8] = [], rightNumber: [UInt8] = []
                l = a
                while let digit = l, isDigit(digit) { appendDigit(digit, to: &leftNumber); l = left.next() }
                r = b
                while let digit = r, isDigit(digit) { appendDigit(digit, to: &rightNumber); r = right.next() }
                if leftNumber.count != rightNumber.count {
                    return leftNumber.count < rightNumber.count ? .orderedAscending : .orderedDescending
                }
                if leftNumber != rightNumber {
                    return leftNumber.lexicographicallyPrecedes(rightNumber) ? .orderedAscending : .orderedDescending
                }
                continue
            }
            let x = folded(a), y = folded(b)
            if x != y { return x < y ? .orderedAscending : .orderedDescending }
            l = left.next()
            r = right.next()
        }
        if l == nil, r == nil { return .orderedSame }
        return l == nil ? .orderedAscending : .orderedDescending
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Leading zeros do not change a number's size.
    private static func appendDigit(_ scalar: Unicode.Scalar, to digits: inout [UInt8]) {
        if digits.isEmpty, scalar == "0" { return }
        digits.append(UInt8(scalar.value))
    }

    private static func folded(_ scalar: Unicode.Scalar) -> UInt32 {
        ("A"..."Z").contains(scalar) ? scalar.value + 32 : scalar.value
    }
}
