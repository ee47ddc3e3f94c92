/// Makes the app coordinator's children, so tests can substitute them and sessions only pay for
/// the children they use.
public struct CoordinatorFactory: Sendable {
    public var library: @Sendable () -> LibraryCoordinator
    public var flow: @Sendable () -> FlowCoordinator
    public var screen: @Sendable () -> ScreenTabCoordinator
    public var account: @Sendable () -> AccountCoordinator

    public init(
        library: @escaping @Sendable () -> LibraryCoordinator = { LibraryCoordinator() },
        flow: @escaping @Sendable () -> FlowCoordinator = { FlowCoordinator() },
        screen: @escaping @Sendable () -> ScreenTabCoordinator = { ScreenTabCoordinator() },
        account: @escaping @Sendable () -> AccountCoordinator = { AccountCoordinator() }
    ) {
        self.library = library
        self.flow = flow
        self.screen = screen
        self.account = account
    }
}
