import Coordinators
import Models
import ViewModels

extension Client {
    /// The one client of coordinator tests, which never hit a throttle.
    static let test = Client(address: "192.0.2.1")
}

extension AppCoordinator {
    /// A form from the test client.
    func submit(_ route: AppRoute, form: FormInput, viewer: Viewer) throws -> NavigationOutcome {
        try submit(route, form: form, viewer: viewer, client: .test)
    }
}
