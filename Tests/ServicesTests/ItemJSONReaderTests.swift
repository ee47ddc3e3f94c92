@testable import DemoData
import Foundation
import Models
import Testing
@testable import Services

/// The fast reader of stored items agrees with Foundation's decoder on what `StoreCoding` writes,
/// and declines (so Foundation decides) what it does not expect.
struct ItemJSONReaderTests {
    @Test(arguments: DemoDataSet.allCases)
    func everyDemoItemReadsBackAsFoundationDecodesIt(_ set: DemoDataSet) throws {
        for item in DemoData.items(set) {
            let bytes = try StoreCoding.encode(item)
            #expect(ItemJSONReader.item(from: bytes) == item)
        }
    }

    @Test func escapesCreatorsAndDetailsReadBack() throws {
        let item = Item(
            id: ItemID(42), category: CategoryID("odd/slug"), title: "Tab\there \"quoted\" \\ back/slash 猫 😀",
            subtitle: "line\nbreak \u{1} control", createdAt: CalendarDate(year: 1999, month: 12, day: 31),
            details: [DetailRow(key: "Émile", value: "<b>&</b>")], isFavourite: true, creator: UserID("u-1"))
        let bytes = try StoreCoding.encode(item)
        #expect(ItemJSONReader.item(from: bytes) == item)
        #expect(ItemJSONReader.item(from: bytes) == (try StoreCoding.decode(Item.self, from: bytes)))
    }

    @Test(arguments: [
        #"{"category":"c","createdAt":{"day":1,"month":1,"year":2026},"details":[],"id":1,"isFavourite":false,"subtitle":"","title":"t","extra":1}"#,
        #"{"category":"c","createdAt":{"day":1,"month":1,"year":2026},"details":[],"id":1.5,"isFavourite":false,"subtitle":"","title":"t"}"#,
        #"{"category":"c","createdAt":{"day":1,"month":1,"year":2026},"details":[],"id":1,"subtitle":"","title":"t"}"#,
        #"{"category":"c","createdAt":{"day":1,"month":1,"year":2026},"details":[],"id":1,"isFavourite":false,"subtitle":"","title":"t"} x"#,
        #"{"category":"c","createdAt":{"day":1,"month":1,"year":2026},"details":[],"id":1,"isFavourite":false,"subtitle":"\ud800","title":"t"}"#,
        "",
    ])
    func whatItDoesNotExpectIsLeftToFoundation(_ json: String) {
        #expect(ItemJSONReader.item(from: Array(json.utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToFoundation() {
        var bytes = Array(#"{"category":"c","createdAt":{"day":1,"month":1,"year":2026},"details":[],"id":1,"isFavourite":false,"subtitle":"","title":"X"}"#.utf8)
        bytes[bytes.count - 4] = 0xFF
        #expect(ItemJSONReader.item(from: bytes) == nil)
    }

    @Test func aBatchSharesRepeatedStringsAcrossItems() throws {
        var batch = ItemJSONReader.Batch()
        let creator = UserID(String(repeating: "x", count: 40))
        let day = CalendarDate(year: 2026, month: 1, day: 1)
        let firstBytes = try StoreCoding.encode(
            Item(id: ItemID(1), category: CategoryID("shelf"), title: "a", subtitle: "", createdAt: day, creator: creator))
        let secondBytes = try StoreCoding.encode(
            Item(id: ItemID(2), category: CategoryID("shelf"), title: "b", subtitle: "", createdAt: day, creator: creator))
        let first = batch.item(from: firstBytes), second = batch.item(from: secondBytes)
        #expect(first?.id == ItemID(1) && second?.id == ItemID(2))
        #expect(first?.creator == creator && second?.creator == creator)
        #expect(batch.interned.count == 2)
    }
}
