import Models

/// The Screen tab: today's date and the words of its pushed detail and its sheet.
public struct ScreenTabViewModel: Hashable, Sendable {
    public let today: CalendarDate

    /// `today` is injected so tests, and every server in a cluster, agree on the date.
    public init(today: CalendarDate) {
        self.today = today
    }

    public var title: String { "Screen" }
    /// "Sunday, 22 November 2026".
    public var todayText: String { HumanDate.long(today) }
    /// "2026-11-22", for `<time datetime>`.
    public var todayISO: String { today.description }
    public var summary: String { "Push a detail screen onto this tab, or present a sheet over it: one coordinator call does both." }

    public var detailTitle: String { "Detail" }
    public var detailText: String { "A screen pushed onto the Screen tab's stack. Going back pops it." }
    public var sheetTitle: String { "Sheet" }
    public var sheetText: String { "A sheet presented over the screen, through the same call as a push. Close it to dismiss." }
}
