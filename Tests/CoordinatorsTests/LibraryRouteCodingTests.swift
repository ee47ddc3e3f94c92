import Coordinators
import Foundation
import Models
import Testing

/// Navigation saved before lists had pages (sessions, users' tabs) still loads: library routes
/// keep the layout Swift gave them, and a first page is written as it always was.
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
    ])
    func earlierRecordsDecodeAndAreWrittenTheSameWay(_ json: String, _ route: LibraryRoute) throws {
        #expect(try JSONDecoder().decode(LibraryRoute.self, from: Data(json.utf8)) == route)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(route), as: UTF8.self) == json)
    }

    @Test func aLaterPageRoundTrips() throws {
        let route = LibraryRoute.category(CategoryID("books"), page: 12)
        let data = try JSONEncoder().encode(route)
        #expect(String(decoding: data, as: UTF8.self).contains(#""page":12"#))
        #expect(try JSONDecoder().decode(LibraryRoute.self, from: data) == route)
    }

    @Test(arguments: [
        #"{"category":{"_0":"books","page":0}}"#, #"{"category":{}}"#, #"{}"#, #"{"home":{},"settings":{}}"#,
        #"{"elsewhere":{}}"#,
    ])
    func recordsThatNameNoRouteAreRefused(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LibraryRoute.self, from: Data(json.utf8)) }
    }
}
