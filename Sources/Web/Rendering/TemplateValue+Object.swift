import TemplateEngine

extension TemplateValue {
    /// An object from its fields, in template order.
    static func object(_ fields: (TemplateKey, TemplateValue)...) -> TemplateValue {
        .object(TemplateObject(fields))
    }

    /// `.null` for nil, else the transformed value: optional parts of a page stay present as null.
    static func optional<Value>(_ value: Value?, _ transform: (Value) -> TemplateValue) -> TemplateValue {
        value.map(transform) ?? .null
    }
}
