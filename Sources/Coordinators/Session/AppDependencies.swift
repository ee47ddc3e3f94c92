import Models
import Navigation

/// What coordinators need from outside, built once at start-up and shared by every session.
/// A class so each session holds one reference to it, not a copy: idle sessions stay small.
public final class AppDependencies: Sendable {
    public let catalog: any CatalogRepository
    /// Accounts for reading (who is signed in, their settings).
    public let accounts: any AccountRepository
    /// Accounts as one client sees them: what a stranger can start (sign-in, registration,
    /// resets) counts against that client's throttles.
    public let accountsForClient: @Sendable (Client) -> any AccountRepository
    /// Today's date for the Screen tab, injected so tests and every server agree on it.
    public let today: @Sendable () -> CalendarDate
    /// Milliseconds since 1970-01-01 UTC, for ledger timestamps.
    public let now: @Sendable () -> Int64
    /// Dev mode: 404 pages list the routes closest to the requested URL.
    public let isDevelopment: Bool
    /// Makes each session's child coordinators when first needed; tests may swap in their own.
    public let factory: CoordinatorFactory
    /// Ledger entries kept per session.
    public let ledgerCapacity: Int
    /// Called once per ledger record with its kind (push, pop, …): how the app counts navigation
    /// for its metrics without coordinators knowing of them.
    public let onNavigationEvent: @Sendable (NavigationLedger.Kind) -> Void

    public init(
        catalog: any CatalogRepository, accounts: any AccountRepository,
        accountsForClient: (@Sendable (Client) -> any AccountRepository)? = nil, today: @escaping @Sendable () -> CalendarDate,
        now: @escaping @Sendable () -> Int64, isDevelopment: Bool = false, ledgerCapacity: Int = 50,
        factory: CoordinatorFactory = CoordinatorFactory(),
        onNavigationEvent: @escaping @Sendable (NavigationLedger.Kind) -> Void = { _ in }
    ) {
        self.onNavigationEvent = onNavigationEvent
        self.factory = factory
        self.catalog = catalog
        self.accounts = accounts
        self.accountsForClient = accountsForClient ?? { _ in accounts }
        self.today = today
        self.now = now
        self.isDevelopment = isDevelopment
        self.ledgerCapacity = ledgerCapacity
    }
}
