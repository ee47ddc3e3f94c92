import Coordinators
import Foundation
import Models
import Testing

/// Navigation saved by earlier versions (sessions, users' tabs) still loads: the layouts Swift gave
/// the route enums, library routes before and after pages. New records keep each route as its
/// printed URL, which the parser reads back.
@Suite struct LibraryRouteCodingTests {
    /// As the synthesized coding wrote them, before pages.
    @Test(arguments: [
        (#"{"home":{}}"#, LibraryRoute.home),
        (#"{"settings":{}}"#, .settings),
        (#"{"category":{"_0":"books"}}"#, .category(CategoryID("books"))),
        (#"{"item":{"_0":"books","_1":2}}"#, .item(CategoryID("books"), ItemID(2), nil)),
        (#"{"item":{"_0":"books","_1":2,"_2":"details"}}"#, .item(CategoryID("books"), ItemID(2), .details)),
        (#"{"newItem":{"_0":"books"}}"#, .newItem(CategoryID("books"))),
        (#"{"deleteItem":{"_0":"books","_1":2}}"#, .deleteItem(CategoryID("books"), ItemID(2))),
        (#"{"category":{"_0":"books","page":12}}"#, .category(CategoryID("books"), page: 12)),
    ])
    func earlierRecordsDecodeAndAreWrittenAsTheirURL(_ json: String, _ route: LibraryRoute) throws {
        #expect(try JSONDecoder().decode(LibraryRoute.self, from: Data(json.utf8)) == route)
        let written = try JSONEncoder().encode(route)
        #expect(try JSONDecoder().decode(String.self, from: written) == route.print())
        #expect(try JSONDecoder().decode(LibraryRoute.self, from: written) == route)
    }

    @Test func aLaterPageRoundTrips() throws {
        let route = LibraryRoute.category(CategoryID("books"), page: 12)
        let data = try JSONEncoder().encode(route)
        #expect(String(decoding: data, as: UTF8.self).contains("?page=12"))
        #expect(try JSONDecoder().decode(LibraryRoute.self, from: data) == route)
    }

    @Test(arguments: [
        #"{"category":{"_0":"books","page":0}}"#, #"{"category":{}}"#, #"{}"#, #"{"home":{},"settings":{}}"#,
        #"{"elsewhere":{}}"#, #""/flow""#, #""/library/books?page=0""#, #""/nowhere""#, #""books""#,
    ])
    func recordsThatNameNoRouteAreRefused(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LibraryRoute.self, from: Data(json.utf8)) }
    }

    /// App routes (where `/` goes, where to return after signing in) as the synthesized coding
    /// wrote them, account routes and their `next` included.
    @Test(arguments: [
        (#"{"root":{}}"#, AppRoute.root),
        (#"{"inspector":{}}"#, .inspector),
        (#"{"library":{"_0":{"item":{"_0":"books","_1":2,"_2":"options"}}}}"#, .library(.item(CategoryID("books"), ItemID(2), .options))),
        (#"{"flow":{"_0":"tertiary"}}"#, .flow(.tertiary)),
        (#"{"screen":{"_0":"sheet"}}"#, .screen(.sheet)),
        (#"{"account":{"_0":{"login":{}}}}"#, .account(.login(next: nil))),
        (#"{"account":{"_0":{"register":{"next":{"flow":{"_0":"secondary2"}}}}}}"#, .account(.register(next: .flow(.secondary2)))),
        (#"{"account":{"_0":{"forgotPassword":{"next":{"library":{"_0":{"category":{"_0":"a b"}}}}}}}}"#,
         .account(.forgotPassword(next: .library(.category(CategoryID("a b")))))),
        (#"{"account":{"_0":{"resetLinkSent":{}}}}"#, .account(.resetLinkSent)),
        (#"{"account":{"_0":{"resetPassword":{"token":"t/ok"}}}}"#, .account(.resetPassword(token: "t/ok"))),
        (#"{"account":{"_0":{"logout":{}}}}"#, .account(.logout)),
    ])
    func earlierAppRoutesDecodeAndRoundTripAsURLs(_ json: String, _ route: AppRoute) throws {
        #expect(try JSONDecoder().decode(AppRoute.self, from: Data(json.utf8)) == route)
        let written = try JSONEncoder().encode(route)
        #expect(try JSONDecoder().decode(String.self, from: written) == route.print())
        #expect(try JSONDecoder().decode(AppRoute.self, from: written) == route)
    }

    /// Flow and screen-tab stacks were saved as raw values.
    @Test func earlierTabPagesDecodeFromTheirRawValues() throws {
        #expect(try JSONDecoder().decode([FlowRoute].self, from: Data(#"["primary","secondary1"]"#.utf8)) == [.primary, .secondary1])
        #expect(try JSONDecoder().decode([ScreenTabRoute].self, from: Data(#"["primary","detail"]"#.utf8)) == [.primary, .detail])
        #expect(try JSONDecoder().decode([FlowRoute].self, from: JSONEncoder().encode([FlowRoute.tertiary])) == [.tertiary])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FlowRoute.self, from: Data(#""/screen""#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenTabRoute.self, from: Data(#""nothing""#.utf8)) }
    }

    /// A whole snapshot written by the version before routes were saved as URLs restores.
    @Test func anEarlierSnapshotRestores() throws {
        let json = #"""
        {"version":1,"activeTab":"library","lastLocation":{"library":{"_0":{"item":{"_0":"books","_1":2}}}},
         "returnTo":{"flow":{"_0":"secondary1"}},
         "library":{"root":{"category":{"_0":"books","page":3}},"pushed":[{"item":{"_0":"books","_1":2}}]},
         "flow":{"root":"primary","pushed":["secondary1"]},"screen":{"root":"primary","pushed":[],"sheet":"sheet"}}
        """#
        let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(json.utf8))
        #expect(snapshot.lastLocation == .library(.item(CategoryID("books"), ItemID(2), nil)))
        #expect(snapshot.returnTo == .flow(.secondary1))
        #expect(snapshot.library?.pages == [.category(CategoryID("books"), page: 3), .item(CategoryID("books"), ItemID(2), nil)])
        #expect(snapshot.flow?.pages == [.primary, .secondary1])
        #expect(snapshot.screen?.visible == .sheet)
        let again = try JSONDecoder().decode(NavigationSnapshot.self, from: JSONEncoder().encode(snapshot))
        #expect(again == snapshot)
    }
}
