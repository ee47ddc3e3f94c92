import Models
import ViewModels

/// Saved navigation (sessions, users' tabs) keeps each route as its printed URL
/// (`"/library/books/items/2/details"`), read back by the parser: the form kept in sessions comes
/// from the route's declaration like every other spelling, so a new screen needs no coding of its
/// own. Records written before (Swift's keyed layout, `{"library":{"_0":{"item":…}}}`) still load:
/// see AppRoute+LegacyCoding.
extension AppRoute: Codable {
    public init(from decoder: any Decoder) throws {
        if let url = try? decoder.singleValueContainer().decode(String.self) {
            self = try Self.decoded(url, at: decoder.codingPath)
        } else {
            self = try Self(legacyFrom: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(print())
    }

    /// The route a saved URL names; a URL that names none is a damaged record.
    static func decoded(_ url: String, at codingPath: [any CodingKey]) throws -> AppRoute {
        guard let route = parse(url: url) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "not a route: \(url)"))
        }
        return route
    }
}

/// A tab's page saved in its stack: the URL, as for any route, read back as that tab's page. A tab's
/// route enum conforms by saying which app routes are its pages (`init?(_:)`) and how its records
/// were laid out before (`init(legacyFrom:)`); its coding is this extension's.
public protocol TabRouteCoding: PrintableRoute, Codable {
    /// The tab's page an app route names, if it is one.
    init?(_ route: AppRoute)
    /// Reads a record saved in the layout written before URLs (AppRoute+LegacyCoding).
    init(legacyFrom decoder: any Decoder) throws
}

extension TabRouteCoding {
    /// Decodes the saved URL, or a record in the layout written before.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingURL: decoder)
    }

    /// Writes the page's URL.
    public func encode(to encoder: any Encoder) throws {
        try encodeURL(to: encoder)
    }

    func encodeURL(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(print())
    }

    init(decodingURL decoder: any Decoder) throws {
        let url: String
        do {
            url = try decoder.singleValueContainer().decode(String.self)
        } catch {
            self = try Self(legacyFrom: decoder)
            return
        }
        // Earlier flow and screen-tab pages were saved as their raw value (`"secondary1"`), never
        // starting with `/` as every URL does.
        guard url.hasPrefix("/") else {
            self = try Self(legacyFrom: decoder)
            return
        }
        guard let page = Self(try AppRoute.decoded(url, at: decoder.codingPath)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not this tab's page: \(url)"))
        }
        self = page
    }
}

/// The same coding for a tab whose pages have a `String` raw value (flow, screen tab): more
/// specific than the standard library's coding of such enums as their raw value, which would
/// otherwise compete with the one above.
extension TabRouteCoding where Self: RawRepresentable, RawValue == String {
    public init(from decoder: any Decoder) throws {
        try self.init(decodingURL: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeURL(to: encoder)
    }
}

extension LibraryRoute: TabRouteCoding {
    public init?(_ route: AppRoute) {
        guard case .library(let page) = route else { return nil }
        self = page
    }
}

extension FlowRoute: TabRouteCoding {
    public init?(_ route: AppRoute) {
        guard case .flow(let page) = route else { return nil }
        self = page
    }
}

extension ScreenTabRoute: TabRouteCoding {
    public init?(_ route: AppRoute) {
        guard case .screen(let page) = route else { return nil }
        self = page
    }
}
