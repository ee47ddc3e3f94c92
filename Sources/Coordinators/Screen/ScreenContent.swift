import ViewModels

/// The page-specific part of a screen; `Screen.template` names the template for each case.
public enum ScreenContent: Hashable, Sendable {
    case library(LibraryContent)
    case flow(FlowContent)
    case screen(ScreenTabContent)
    case account(AccountContent)
    case inspector(InspectorViewModel)
    case notFound(NotFoundContent)
    case forbidden(ForbiddenContent)
}
