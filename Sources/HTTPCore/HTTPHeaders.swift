/// Header fields in the order they were sent, names kept as written and looked up case-insensitively.
/// A list rather than a dictionary because order and repetition carry meaning (Set-Cookie, Cookie).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    private var fields: [Element]
    /// The fields as the serializer writes them, made once by `withWireForm()` for headers sent
    /// many times (a cached file's, the pages' security headers): a field added later is added to
    /// it too, any other change drops it.
    private(set) var wire: [UInt8]?

    public init() {
        fields = []
    }

    public init(_ fields: [Element]) {
        self.fields = fields
    }

    /// These headers with their wire form made now, so each response that carries them unchanged
    /// copies one block of bytes instead of checking and framing every field. Headers holding a
    /// field the server writes itself (`Date`, `Server`, `Connection`, `Content-Length`) get none.
    public func withWireForm() -> HTTPHeaders {
        var headers = self
        guard !fields.contains(where: { HTTPResponseSerializer.isServerField($0.name) }) else { return headers }
        var bytes: [UInt8] = []
        for (name, value) in fields { HTTPResponseSerializer.writeField(name, value, to: &bytes) }
        headers.wire = bytes
        return headers
    }

    /// Whether these headers carry their wire form (`withWireForm()`): they then hold none of the
    /// fields the server writes itself, which a caller may take as settled without a lookup.
    public var isInWireForm: Bool { wire != nil }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// The first value of `name`, which is all a caller needs for singleton fields.
    public subscript(name: String) -> String? {
        for field in fields where ASCII.caseInsensitiveEquals(field.name, name) {
            return field.value
        }
        return nil
    }

    /// The first values of three names, found in one pass over the fields: for a caller that asks
    /// about several fields of every response, instead of a scan per name.
    public func firstValues(_ first: String, _ second: String, _ third: String) -> (String?, String?, String?) {
        // Each field's name length is taken once and compared with the three.
        let counts = (first.utf8.count, second.utf8.count, third.utf8.count)
        var found: (String?, String?, String?) = (nil, nil, nil)
        for index in fields.indices {
            let count = fields[index].name.utf8.count
            if count == counts.0, found.0 == nil, ASCII.caseInsensitiveEqualsOfSameLength(fields[index].name, first) {
                found.0 = fields[index].value
            } else if count == counts.1, found.1 == nil, ASCII.caseInsensitiveEqualsOfSameLength(fields[index].name, second) {
                found.1 = fields[index].value
            } else if count == counts.2, found.2 == nil, ASCII.caseInsensitiveEqualsOfSameLength(fields[index].name, third) {
                found.2 = fields[index].value
            }
        }
        return found
    }

    /// Every value of `name` in order, for fields that may repeat (Cookie, Set-Cookie).
    public func values(for name: String) -> [String] {
        fields.compactMap { ASCII.caseInsensitiveEquals($0.name, name) ? $0.value : nil }
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { ASCII.caseInsensitiveEquals($0.name, name) }
    }

    /// Appends and never replaces: a repeated field (Set-Cookie) must stay a line of its own.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
        if wire != nil {
            if HTTPResponseSerializer.isServerField(name) {
                wire = nil
            } else {
                HTTPResponseSerializer.writeField(name, value, to: &wire!)
            }
        }
    }

    /// Replaces every field called `name` with one, keeping the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { ASCII.caseInsensitiveEquals($0.name, name) }) else {
            return add(name, value)
        }
        wire = nil
        fields[first] = (name: name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if ASCII.caseInsensitiveEquals(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Removes every field called `name`, however its case is written.
    public mutating func remove(_ name: String) {
        let count = fields.count
        fields.removeAll { ASCII.caseInsensitiveEquals($0.name, name) }
        if fields.count != count { wire = nil }
    }

    mutating func reserveCapacity(_ capacity: Int) {
        fields.reserveCapacity(capacity)
    }
}

extension HTTPHeaders: Equatable {
    /// Equal when the same fields appear in the same order; names compare case-insensitively.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy {
                ASCII.caseInsensitiveEquals($0.name, $1.name) && $0.value == $1.value
            }
    }
}

extension HTTPHeaders: CustomStringConvertible {
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
