/// A set of named fields that templates look up by key (`{{title}}`, `{{#items}}`).
///
/// Stored as a small array rather than a dictionary: template objects have a handful of fields,
/// and a linear scan over precomputed key fingerprints beats hashing at render time.
public struct TemplateObject: Sendable, ExpressibleByDictionaryLiteral {
    typealias Field = (key: TemplateKey, value: TemplateValue)

    var fields: [Field]

    public init() {
        fields = []
    }

    /// Builds an object from fields in order; when a key repeats, the last value wins.
    public init<S: Sequence>(_ fields: S) where S.Element == (TemplateKey, TemplateValue) {
        self.init(adopting: fields.map { (key: $0.0, value: $0.1) })
    }

    public init(dictionaryLiteral elements: (TemplateKey, TemplateValue)...) {
        self.init(adopting: elements.map { (key: $0.0, value: $0.1) })
    }

    /// Keeps the array as storage (no copy) unless a key repeats.
    init(adopting fields: [Field]) {
        self.fields = fields
        for index in fields.indices.dropFirst() {
            let key = fields[index].key
            if fields[..<index].contains(where: { $0.key == key }) {
                self.fields = []
                for field in fields { self[field.key] = field.value }
                return
            }
        }
    }

    /// The value stored under `key`, or nil when the object has no such field.
    public subscript(key: TemplateKey) -> TemplateValue? {
        get { field(key) }
        set {
            if let index = fields.firstIndex(where: { $0.key == key }) {
                if let newValue {
                    fields[index].value = newValue
                } else {
                    fields.remove(at: index)
                }
            } else if let newValue {
                fields.append((key: key, value: newValue))
            }
        }
    }

    /// The keys in insertion order.
    public var keys: [TemplateKey] { fields.map(\.key) }

    public var count: Int { fields.count }

    @inline(__always)
    func field(_ key: TemplateKey) -> TemplateValue? {
        let fingerprint = key.fingerprint
        return fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].key.fingerprint == fingerprint {
                if fields[index].key.name == key.name { return fields[index].value }
            }
            return nil
        }
    }
}
