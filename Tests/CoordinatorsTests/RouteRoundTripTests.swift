import Coordinators
import Models
import TestSupport
import Testing

@Suite struct RouteRoundTripTests {
    static let fixedRoutes: [AppRoute] = [
        .root, .inspector,
        .library(.home), .library(.settings), .library(.category(CategoryID("books"))),
        .library(.category(CategoryID("books"), page: 2)), .library(.category(CategoryID("a b?"), page: 987_654_321)),
        .account(.login(next: .library(.category(CategoryID("books"), page: 7)))),
        .account(.register(next: .library(.category(CategoryID("x&page=2"), page: 3)))),
        .library(.item(CategoryID("books"), ItemID(1), nil)), .library(.item(CategoryID("books"), ItemID(1), .details)),
        .library(.newItem(CategoryID("settings"))), .library(.deleteItem(CategoryID(".."), ItemID(9))),
        .flow(.primary), .flow(.secondary1), .flow(.secondary2), .flow(.tertiary),
        .screen(.primary), .screen(.detail), .screen(.sheet),
        .account(.login(next: nil)), .account(.login(next: .flow(.tertiary))),
        .account(.register(next: .library(.newItem(CategoryID("a b/c"))))),
        .account(.forgotPassword(next: nil)), .account(.resetPassword(token: "abc.DEF-123")), .account(.logout),
    ]

    @Test(arguments: fixedRoutes)
    func parsingAPrintedRouteGivesTheRouteBack(_ route: AppRoute) {
        #expect(AppRoute.parse(url: route.print()) == route)
    }

    @Test func thousandsOfGeneratedRoutesSurviveARoundTrip() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 0x5EED))
        for _ in 0..<5_000 {
            let route = generator.route()
            let printed = route.print()
            #expect(AppRoute.parse(url: printed) == route, "\(printed)")
        }
    }

    @Test func printedURLsUseOnlyURLSafeCharacters() {
        var generator = RouteGenerator(random: SeededGenerator(seed: 7))
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%?=")
        for _ in 0..<1_000 {
            let printed = generator.route().print()
            #expect(printed.allSatisfy(allowed.contains), "\(printed)")
            #expect(printed.hasPrefix("/") && !printed.hasPrefix("//"))
        }
    }

    @Test(arguments: [
        ("/", AppRoute.root),
        ("/library", .library(.home)),
        ("/library/settings", .library(.settings)),
        ("/library/%73ettings", .library(.category(CategoryID("settings")))),
        ("/library/books/items/12", .library(.item(CategoryID("books"), ItemID(12), nil))),
        ("/library/books/items/12/options", .library(.item(CategoryID("books"), ItemID(12), .options))),
        ("/library/books/items/12/delete", .library(.deleteItem(CategoryID("books"), ItemID(12)))),
        ("/library/books/items/new", .library(.newItem(CategoryID("books")))),
        ("/library/books/items/new/details", .library(.addItem(CategoryID("books"), .details))),
        ("/library/a%20b", .library(.category(CategoryID("a b")))),
        ("/library/books?page=3", .library(.category(CategoryID("books"), page: 3))),
        ("/library/books?view=1&page=12", .library(.category(CategoryID("books"), page: 12))),
        ("/library/books?page=1", .library(.category(CategoryID("books")))),
        ("/library/books?page=%34", .library(.category(CategoryID("books"), page: 4))),
        ("/library/books?p%61ge=5", .library(.category(CategoryID("books"), page: 5))),
        ("/library/books?page=2&page=3", .library(.category(CategoryID("books"), page: 2))),
        ("/library/books/items/12?page=3", .library(.item(CategoryID("books"), ItemID(12), nil))),
        ("/login?next=%2Flibrary%2Fbooks%3Fpage%3D3", .account(.login(next: .library(.category(CategoryID("books"), page: 3))))),
        ("/flow/secondary1/tertiary", .flow(.tertiary)),
        ("/screen/sheet", .screen(.sheet)),
        ("/_navigation", .inspector),
        ("/reset-password/tok%2Fen", .account(.resetPassword(token: "tok/en"))),
    ])
    func knownURLsParseToTheirScreens(_ url: String, _ route: AppRoute) {
        #expect(AppRoute.parse(url: url) == route)
    }
}
