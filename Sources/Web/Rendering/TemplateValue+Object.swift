import TemplateEngine

extension TemplateValue {
    /// `.null` for nil, else the transformed value: optional parts of a page stay present as null.
    static func optional<Value>(_ value: Value?, _ transform: (Value) -> TemplateValue) -> TemplateValue {
        value.map(transform) ?? .null
    }
}
