/// A type that knows how templates should see it, so view data converts with `.templateValue`
/// instead of hand-written switches at every call site.
public protocol TemplateValueConvertible {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateValueConvertible {
    public var templateValue: TemplateValue { self }
}

extension TemplateObject: TemplateValueConvertible {
    public var templateValue: TemplateValue { .object(self) }
}

extension String: TemplateValueConvertible {
    public var templateValue: TemplateValue { .string(self) }
}

extension Substring: TemplateValueConvertible {
    public var templateValue: TemplateValue { .string(String(self)) }
}

extension Int: TemplateValueConvertible {
    public var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateValueConvertible {
    public var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateValueConvertible {
    public var templateValue: TemplateValue { .bool(self) }
}

/// A missing value is `.null`: it renders as nothing and is a false section, and strict mode accepts it.
extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    public var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    public var templateValue: TemplateValue { .list(map(\.templateValue)) }
}
