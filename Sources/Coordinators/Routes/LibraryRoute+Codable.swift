import Models
import ViewModels

/// Saved navigation (sessions, users' tabs) holds library routes. This is the layout Swift made
/// for them before pages existed (`{"category":{"_0":"books"}}`), spelled out so those records
/// still load: a category's page is written only when it is not the first, and read as 1 when
/// absent.
extension LibraryRoute: Codable {
    private enum Case: String, CodingKey {
        case home, category, item, newItem, deleteItem, settings, addItem
    }

    private enum Field: String, CodingKey {
        case category = "_0"
        case item = "_1"
        case tab = "_2"
        case page
        case step
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Case.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "not one library route"))
        }
        let fields = try container.nestedContainer(keyedBy: Field.self, forKey: key)
        switch key {
        case .home:
            self = .home
        case .settings:
            self = .settings
        case .category:
            let page = try fields.decodeIfPresent(Int.self, forKey: .page) ?? 1
            guard page >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .page, in: fields, debugDescription: "page \(page)")
            }
            self = .category(try fields.decode(CategoryID.self, forKey: .category), page: page)
        case .item:
            self = .item(
                try fields.decode(CategoryID.self, forKey: .category), try fields.decode(ItemID.self, forKey: .item),
                try fields.decodeIfPresent(DetailTab.self, forKey: .tab))
        case .newItem:
            self = .newItem(try fields.decode(CategoryID.self, forKey: .category))
        case .deleteItem:
            self = .deleteItem(try fields.decode(CategoryID.self, forKey: .category), try fields.decode(ItemID.self, forKey: .item))
        case .addItem:
            self = .addItem(try fields.decode(CategoryID.self, forKey: .category), try fields.decode(WizardStep.self, forKey: .step))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Case.self)
        switch self {
        case .home:
            _ = container.nestedContainer(keyedBy: Field.self, forKey: .home)
        case .settings:
            _ = container.nestedContainer(keyedBy: Field.self, forKey: .settings)
        case .category(let category, let page):
            var fields = container.nestedContainer(keyedBy: Field.self, forKey: .category)
            try fields.encode(category, forKey: .category)
            if page != 1 { try fields.encode(page, forKey: .page) }
        case .item(let category, let item, let tab):
            var fields = container.nestedContainer(keyedBy: Field.self, forKey: .item)
            try fields.encode(category, forKey: .category)
            try fields.encode(item, forKey: .item)
            try fields.encodeIfPresent(tab, forKey: .tab)
        case .newItem(let category):
            var fields = container.nestedContainer(keyedBy: Field.self, forKey: .newItem)
            try fields.encode(category, forKey: .category)
        case .deleteItem(let category, let item):
            var fields = container.nestedContainer(keyedBy: Field.self, forKey: .deleteItem)
            try fields.encode(category, forKey: .category)
            try fields.encode(item, forKey: .item)
        case .addItem(let category, let step):
            var fields = container.nestedContainer(keyedBy: Field.self, forKey: .addItem)
            try fields.encode(category, forKey: .category)
            try fields.encode(step, forKey: .step)
        }
    }
}
