import Models
import ViewModels

/// Reading navigation saved before routes were saved as URLs: the layout Swift synthesized for
/// the route enums (`{"library":{"_0":{"category":{"_0":"books"}}}}`, `{"flow":{"_0":"primary"}}`,
/// `{"account":{"_0":{"login":{"next":…}}}}`), and for library routes the page written beside the
/// category when it was not the first. Only read: records are written as URLs (AppRoute+Coding).
private struct LegacyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let first = LegacyKey("_0")
    static let second = LegacyKey("_1")
    static let third = LegacyKey("_2")
    static let page = LegacyKey("page")
    static let next = LegacyKey("next")
    static let token = LegacyKey("token")
    static let step = LegacyKey("step")
}

/// The one case a keyed record names, with its fields.
private func legacyCase(_ decoder: any Decoder) throws -> (name: String, fields: KeyedDecodingContainer<LegacyKey>) {
    let container = try decoder.container(keyedBy: LegacyKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
        throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "not one route"))
    }
    return (key.stringValue, try container.nestedContainer(keyedBy: LegacyKey.self, forKey: key))
}

private func unknownCase(_ name: String, in fields: KeyedDecodingContainer<LegacyKey>) -> DecodingError {
    .dataCorrupted(.init(codingPath: fields.codingPath, debugDescription: "unknown route \(name)"))
}

extension AppRoute {
    init(legacyFrom decoder: any Decoder) throws {
        let (name, fields) = try legacyCase(decoder)
        switch name {
        case "root": self = .root
        case "inspector": self = .inspector
        case "library": self = .library(try fields.decode(LibraryRoute.self, forKey: .first))
        case "flow": self = .flow(try fields.decode(FlowRoute.self, forKey: .first))
        case "screen": self = .screen(try fields.decode(ScreenTabRoute.self, forKey: .first))
        case "account": self = .account(try AccountRoute(legacyFrom: try fields.superDecoder(forKey: .first)))
        default: throw unknownCase(name, in: fields)
        }
    }
}

extension AccountRoute {
    init(legacyFrom decoder: any Decoder) throws {
        let (name, fields) = try legacyCase(decoder)
        switch name {
        case "login": self = .login(next: try fields.decodeIfPresent(AppRoute.self, forKey: .next))
        case "register": self = .register(next: try fields.decodeIfPresent(AppRoute.self, forKey: .next))
        case "forgotPassword": self = .forgotPassword(next: try fields.decodeIfPresent(AppRoute.self, forKey: .next))
        case "resetLinkSent": self = .resetLinkSent
        case "resetPassword": self = .resetPassword(token: try fields.decode(String.self, forKey: .token))
        case "logout": self = .logout
        default: throw unknownCase(name, in: fields)
        }
    }
}

extension LibraryRoute {
    public init(legacyFrom decoder: any Decoder) throws {
        let (name, fields) = try legacyCase(decoder)
        switch name {
        case "home":
            self = .home
        case "settings":
            self = .pane(.settings)
        case "category":
            let page = try fields.decodeIfPresent(Int.self, forKey: .page) ?? 1
            guard page >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .page, in: fields, debugDescription: "page \(page)")
            }
            self = .category(try fields.decode(CategoryID.self, forKey: .first), page: page)
        case "item":
            self = .item(
                try fields.decode(CategoryID.self, forKey: .first), try fields.decode(ItemID.self, forKey: .second),
                try fields.decodeIfPresent(DetailTab.self, forKey: .third))
        case "newItem":
            self = .newItem(try fields.decode(CategoryID.self, forKey: .first))
        case "addItem":
            self = .addItem(try fields.decode(CategoryID.self, forKey: .first), try fields.decode(WizardStep.self, forKey: .step))
        case "deleteItem":
            self = .deleteItem(try fields.decode(CategoryID.self, forKey: .first), try fields.decode(ItemID.self, forKey: .second))
        default:
            throw unknownCase(name, in: fields)
        }
    }
}

extension FlowRoute {
    /// Saved as its raw value.
    public init(legacyFrom decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let route = FlowRoute(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown flow page \(name)"))
        }
        self = route
    }
}

extension ScreenTabRoute {
    /// Saved as its raw value.
    public init(legacyFrom decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let route = ScreenTabRoute(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown screen-tab page \(name)"))
        }
        self = route
    }
}
