/// Parts of a page rendered apart from it (and usually kept from an earlier page), which the
/// page's data carries as markup for `{{{…}}}`: the templates render nothing twice.
struct PageFragments {
    /// A list's rows (`partials/item-rows`), for `{{{rowsHTML}}}` of the list pane.
    var itemRows: [UInt8] = []
    /// The sidebar's links (`partials/category-links`), for `{{{categoriesHTML}}}`.
    var categoryLinks: [UInt8] = []
}
