import Coordinators
import TemplateEngine

/// View data that adds its own fields to the object being built in a page's `TemplateData`.
///
/// Each screen type says once which keys its template reads; pages are then built straight into
/// one reused `TemplateData`, with no intermediate value tree.
protocol TemplateFields {
    func addFields(to data: inout TemplateData)
}

extension TemplateData {
    /// A link: the route prints itself straight into the data, never becoming a `String`; in
    /// place when it fits the room reserved for links, as nearly all do, else through an array.
    /// Either way the bytes come from the one printer, `AppRoute.print(into:)`.
    mutating func add(_ key: TemplateKey, _ route: AppRoute) {
        if !add(key, textOfAtMost: 256, { route.print(into: &$0) }) {
            add(key, text: { route.print(into: &$0) })
        }
    }

    /// A link, or null.
    mutating func add(_ key: TemplateKey, _ route: AppRoute?) {
        if let route { add(key, route) } else { addNull(key) }
    }

    /// A nested object.
    mutating func add(_ key: TemplateKey, _ value: some TemplateFields) {
        add(key, object: value.addFields)
    }

    /// A nested object, or null: strict templates read optional parts as present but false.
    mutating func add(_ key: TemplateKey, _ value: (some TemplateFields)?) {
        if let value {
            add(key, object: value.addFields)
        } else {
            addNull(key)
        }
    }

    /// A list of objects.
    mutating func add<Elements: Sequence>(_ key: TemplateKey, list: Elements) where Elements.Element: TemplateFields {
        add(key, objects: list) { data, element in element.addFields(to: &data) }
    }
}
