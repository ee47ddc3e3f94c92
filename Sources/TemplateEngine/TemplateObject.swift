/// A set of named fields that templates look up by key (`{{title}}`, `{{#items}}`).
///
/// Stored as a small array rather than a dictionary: template objects have a handful of fields,
/// and a linear scan comparing keys' precomputed identities beats hashing.
public struct TemplateObject: Sendable, ExpressibleByDictionaryLiteral {
    /// Unlabelled, so a dictionary literal's own array becomes the storage as is.
    typealias Field = (TemplateKey, TemplateValue)

    var fields: [Field]

    public init() {
        fields = []
    }

    /// Builds an object from fields in order; when a key repeats, the last value wins.
    public init<S: Sequence>(_ fields: S) where S.Element == (TemplateKey, TemplateValue) {
        self.init(adopting: Array(fields))
    }

    public init(dictionaryLiteral elements: (TemplateKey, TemplateValue)...) {
        self.init(adopting: elements)
    }

    /// Keeps the array as storage (no copy) unless a key repeats.
    init(adopting fields: [Field]) {
        self.fields = fields
        // One bit per key, picked by its identity: distinct bits prove distinct keys, so the
        // pairwise comparison below only runs when two keys share a bit.
        var seen: UInt64 = 0
        var shared = false
        for field in fields {
            let bit: UInt64 = 1 << (field.0.mixed >> 58)
            shared = shared || seen & bit != 0
            seen |= bit
        }
        guard shared else { return }
        for index in fields.indices.dropFirst() {
            let key = fields[index].0
            if fields[..<index].contains(where: { $0.0 == key }) {
                self.fields = []
                for (key, value) in fields { self[key] = value }
                return
            }
        }
    }

    /// The value stored under `key`, or nil when the object has no such field.
    public subscript(key: TemplateKey) -> TemplateValue? {
        get { field(key) }
        set {
            if let index = fields.firstIndex(where: { $0.0 == key }) {
                if let newValue {
                    fields[index].1 = newValue
                } else {
                    fields.remove(at: index)
                }
            } else if let newValue {
                fields.append((key, newValue))
            }
        }
    }

    /// The keys in insertion order.
    public var keys: [TemplateKey] { fields.map(\.0) }

    public var count: Int { fields.count }

    @inline(__always)
    func field(_ key: TemplateKey) -> TemplateValue? {
        fields.last { $0.0 == key }?.1
    }
}
