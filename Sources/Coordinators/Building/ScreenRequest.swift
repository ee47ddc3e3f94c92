import Models
import ViewModels

/// Which screen a GET shows, as the coordinator decided it: a plain value that crosses from the
/// session's lock to `ScreenBuilder`.
public enum ScreenRequest: Hashable, Sendable {
    /// The Library as its stack stands; `url` is the route as requested (`/library` only when there
    /// is no category to redirect it to).
    /// `draft`: what the viewer typed into the visible form before signing in.
    case library(url: AppRoute, draft: ItemDraft? = nil)
    case flow(FlowRoute)
    case screenTab(ScreenTabRoute)
    case account(AccountRoute)
    /// The inspector's tree, stacks and ledger, captured while deciding.
    case inspector(InspectorSnapshot)
    /// A 404 with the nearest screen that exists.
    case notFound(requested: String, nearest: AppRoute)
    /// A change to an item the viewer may not make: the error page, with a way back to the item.
    case forbidden(CategoryID, ItemID)
}
