import Coordinators
import TemplateEngine

/// The parts of pages rendered apart (`PageFragments`), each kept by a `FragmentCache` while
/// what it shows stays the same: a list's rows, and the sidebar's category links.
final class KeptFragments: Sendable {
    /// A list's rows, by list page and selected row.
    private let itemRows = FragmentCache<ItemRowsKey, FragmentRows<ItemListContent.Row>>(capacity: 128)
    /// The sidebar's links, by the selected one.
    private let categoryLinks = FragmentCache<Int?, FragmentRows<LibraryContent.CategoryLink>>(capacity: 16)

    private struct ItemRowsKey: Hashable, Sendable {
        var list: AppRoute
        var selected: Int?
    }

    /// The templates of the fragments, rendered apart from their pages.
    static let itemRowsTemplate = "partials/item-rows"
    static let categoryLinksTemplate = "partials/category-links"
    static let templates = [itemRowsTemplate, categoryLinksTemplate]

    /// The fragments `screen` shows, rendered with `library`; `keep` false (templates that reload
    /// in development) renders them afresh every time, so an edit shows at once.
    func fragments(of screen: Screen, library: TemplateLibrary, keep: Bool) throws(TemplateError) -> PageFragments {
        var fragments = PageFragments()
        guard case .library(let content) = screen.content else { return fragments }
        fragments.categoryLinks = try Self.markup(
            Self.categoryLinksTemplate, of: content.categories, library: library, in: keep ? categoryLinks : nil,
            key: content.categories.firstIndex(where: \.isSelected), fields: { content.addCategoryFields(to: &$0) })
        if let list = content.list {
            fragments.itemRows = try Self.markup(
                Self.itemRowsTemplate, of: list.rows, library: library, in: keep ? itemRows : nil,
                key: ItemRowsKey(list: list.url, selected: list.rows.firstIndex(where: \.isSelected)), fields: { list.addRowFields(to: &$0) })
        }
        return fragments
    }

    /// `template` rendered over the data `fields` adds, which shows `rows`: kept in `cache` from an
    /// earlier page when the rows are the same.
    private static func markup<Key, Row>(
        _ template: String, of rows: [Row], library: TemplateLibrary, in cache: FragmentCache<Key, FragmentRows<Row>>?,
        key: Key, fields: (inout TemplateData) -> Void
    ) throws(TemplateError) -> [UInt8] {
        guard let cache else { return try render(template, rows: rows.count, library: library, fields: fields) }
        return try cache.markup(for: key, content: FragmentRows(elements: rows)) { () throws(TemplateError) in
            try render(template, rows: rows.count, library: library, fields: fields)
        }
    }

    private static func render(
        _ template: String, rows: Int, library: TemplateLibrary, fields: (inout TemplateData) -> Void
    ) throws(TemplateError) -> [UInt8] {
        var data = TemplateData(expectedBytes: 128 * rows)
        data.setRoot(fields)
        return try library.render(template, data, expectedBytes: 256 * rows)
    }
}
