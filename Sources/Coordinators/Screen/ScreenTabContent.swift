/// The Screen tab: today's date, and links that push a detail or present a sheet.
public struct ScreenTabContent: Hashable, Sendable {
    public var title: String
    public var summary: String
    /// "Sunday, 22 November 2026".
    public var todayText: String
    /// "2026-11-22", for `<time datetime>`.
    public var todayISO: String
    public var detailHref: AppRoute
    public var sheetHref: AppRoute
    /// Set when the pushed detail is the visible screen.
    public var detail: Detail?

    public struct Detail: Hashable, Sendable {
        public var title: String
        public var text: String
    }
}
