/// Header fields in the order they were sent, names kept as written and looked up case-insensitively.
/// A list rather than a dictionary because order and repetition carry meaning (Set-Cookie, Cookie).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    /// One stored field. A struct, not the `Element` tuple: an array of tuples is destroyed through
    /// the runtime's generic tuple walk, a few hundred instructions per request's header list, where
    /// a struct's compiled destroy releases its two strings directly.
    struct Field: Sendable {
        var name: String
        var value: String
    }

    private var fields: [Field]
    /// The fields as the serializer writes them, made once by `withWireForm()` for headers sent
    /// many times (a cached file's, the pages' security headers): a field added later is added to
    /// it too, any other change drops it.
    private(set) var wire: [UInt8]?
    /// With `wire`: a bit for each field's name (see `nameBit`), so asking whether a name is among
    /// these headers (the server asks it of every answer it adds a request id to) is mostly
    /// settled without a scan. Kept only alongside `wire`, whose changes it follows.
    private var wireNameBits: UInt64 = 0

    public init() {
        fields = []
    }

    public init(_ fields: [Element]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// These headers with their wire form made now, so each response that carries them unchanged
    /// copies one block of bytes instead of checking and framing every field. Headers holding a
    /// field the server writes itself (`Date`, `Server`, `Connection`, `Content-Length`) get none.
    public func withWireForm() -> HTTPHeaders {
        var headers = self
        guard !fields.contains(where: { HTTPResponseSerializer.isServerField($0.name) }) else { return headers }
        var bytes: [UInt8] = []
        for field in fields { HTTPResponseSerializer.writeField(field.name, field.value, to: &bytes) }
        headers.wire = bytes
        headers.wireNameBits = fields.reduce(0) { $0 | Self.nameBit($1.name) }
        return headers
    }

    /// Whether these headers carry their wire form (`withWireForm()`): they then hold none of the
    /// fields the server writes itself, which a caller may take as settled without a lookup.
    public var isInWireForm: Bool { wire != nil }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    public struct Iterator: IteratorProtocol {
        private let fields: [Field]
        private var index = 0

        init(_ fields: [Field]) {
            self.fields = fields
        }

        public mutating func next() -> Element? {
            guard index < fields.count else { return nil }
            defer { index += 1 }
            return (name: fields[index].name, value: fields[index].value)
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(fields)
    }

    public var underestimatedCount: Int { fields.count }

    /// The index of the first field called `name`: lengths compared first, and no field copied
    /// (a `for field in fields` loop retains and releases both strings of every field it passes).
    private func firstIndex(of name: String) -> Int? {
        if wire != nil && wireNameBits & Self.nameBit(name) == 0 { return nil }
        let count = name.utf8.count
        for index in fields.indices
        where fields[index].name.utf8.count == count && ASCII.caseInsensitiveEqualsOfSameLength(fields[index].name, name) {
            return index
        }
        return nil
    }

    /// One of 64 bits, from the name's length and first byte with ASCII case folded (`| 0x20`
    /// gives a letter's two cases one value): names equal but for case always get the same bit.
    static func nameBit(_ name: String) -> UInt64 {
        let first = Int((name.utf8.first ?? 0) | 0x20)
        return 1 << UInt64((name.utf8.count &* 7 &+ first) & 63)
    }

    /// The first value of `name`, which is all a caller needs for singleton fields.
    public subscript(name: String) -> String? {
        firstIndex(of: name).map { fields[$0].value }
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

    /// Calls `body` with each value of `name` in order until it returns false; no field is copied
    /// and names of another length are passed over without a comparison.
    func forEachValue(of name: String, _ body: (String) -> Bool) {
        let count = name.utf8.count
        for index in fields.indices
        where fields[index].name.utf8.count == count && ASCII.caseInsensitiveEqualsOfSameLength(fields[index].name, name) {
            if !body(fields[index].value) { return }
        }
    }

    /// Every value of `name` in order, for fields that may repeat (Cookie, Set-Cookie).
    public func values(for name: String) -> [String] {
        fields.compactMap { ASCII.caseInsensitiveEquals($0.name, name) ? $0.value : nil }
    }

    public func contains(_ name: String) -> Bool {
        firstIndex(of: name) != nil
    }

    /// Appends and never replaces: a repeated field (Set-Cookie) must stay a line of its own.
    /// Takes its strings over (`consuming`): the parser's, made for the list, are moved into it
    /// rather than retained here and released by the caller.
    public mutating func add(_ name: consuming String, _ value: consuming String) {
        if wire != nil {
            if HTTPResponseSerializer.isServerField(name) {
                wire = nil
            } else {
                HTTPResponseSerializer.writeField(name, value, to: &wire!)
                wireNameBits |= Self.nameBit(name)
            }
        }
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` with one, keeping the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = firstIndex(of: name) else {
            return add(name, value)
        }
        wire = nil
        fields[first] = Field(name: name, value: value)
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
