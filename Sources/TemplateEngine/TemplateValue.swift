/// The data a template renders: a closed set of types, so rendering needs no reflection.
public enum TemplateValue: Sendable {
    /// Renders as nothing; a false section.
    case null
    /// Renders as `true`/`false`; `false` is a false section.
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// HTML-escaped by `{{name}}`, written as is by `{{{name}}}` and `{{&name}}`.
    case string(String)
    /// A section repeats once per element; an empty list is a false section.
    case list([TemplateValue])
    /// A section pushes the object, so its fields shadow the enclosing ones.
    case object(TemplateObject)
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral
{
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    public init(integerLiteral value: Int) {
        self = .int(value)
    }

    public init(floatLiteral value: Double) {
        self = .double(value)
    }

    public init(nilLiteral: ()) {
        self = .null
    }
}

extension TemplateValue: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }

    public init(dictionaryLiteral elements: (TemplateKey, TemplateValue)...) {
        self = .object(TemplateObject(adopting: elements))
    }
}

extension TemplateValue {
    /// `.string(value)`, or `.null` when there is no value: optional fields read naturally.
    public static func string(_ value: String?) -> TemplateValue {
        value.map { .string($0) } ?? .null
    }

    /// A list built by mapping each element, e.g. `.list(items) { .object(row($0)) }`.
    @inlinable
    public static func list<S: Sequence>(_ elements: S, _ transform: (S.Element) throws -> TemplateValue) rethrows
        -> TemplateValue
    {
        .list(try elements.map(transform))
    }
}
