import Models

/// Reads an item as `StoreCoding` writes it (JSON with sorted keys) in one pass over its bytes,
/// several times faster than Foundation's decoder, which is what start-up spends its time on with
/// a large catalog. Anything it does not expect (an unknown key, a number with a fraction, bad
/// UTF-8) answers nil, and the caller decodes with Foundation instead, which also reports errors.
struct ItemJSONReader {
    private let bytes: [UInt8]
    private var index = 0
    /// Repeated strings (a category's slug, a creator's id) kept once across many items.
    private(set) var interned: [String: String]

    private init(_ bytes: [UInt8], interned: [String: String]) {
        self.bytes = bytes
        self.interned = interned
    }

    /// Decodes many items, sharing the storage of their repeated strings.
    struct Batch {
        var interned: [String: String] = [:]

        mutating func item(from bytes: [UInt8]) -> Item? {
            var reader = ItemJSONReader(bytes, interned: interned)
            defer { interned = reader.interned }
            interned = [:]
            guard let item = reader.readItem() else { return nil }
            reader.skipWhitespace()
            return reader.index == bytes.count ? item : nil
        }
    }

    static func item(from bytes: [UInt8]) -> Item? {
        var batch = Batch()
        return batch.item(from: bytes)
    }

    private mutating func readItem() -> Item? {
        var id: Int?, category: String?, title: String?, subtitle: String?, createdAt: CalendarDate?
        var details: [DetailRow]?, isFavourite: Bool?, creator: String?
        let complete = readObject { reader, key in
            switch key {
            case "id": id = reader.readInt(); return id != nil
            case "category": category = reader.readString(interning: true); return category != nil
            case "title": title = reader.readString(); return title != nil
            case "subtitle": subtitle = reader.readString(); return subtitle != nil
            case "createdAt": createdAt = reader.readDate(); return createdAt != nil
            case "details": details = reader.readDetails(); return details != nil
            case "isFavourite": isFavourite = reader.readBool(); return isFavourite != nil
            case "creator":
                if reader.readNull() { return true }
                creator = reader.readString(interning: true)
                return creator != nil
            default: return false
            }
        }
        guard complete, let id, let category, let title, let subtitle, let createdAt, let details, let isFavourite else {
            return nil
        }
        return Item(
            id: ItemID(id), category: CategoryID(category), title: title, subtitle: subtitle, createdAt: createdAt,
            details: details, isFavourite: isFavourite, creator: creator.map { UserID($0) })
    }

    private mutating func readDate() -> CalendarDate? {
        var year: Int?, month: Int?, day: Int?
        let complete = readObject { reader, key in
            switch key {
            case "year": year = reader.readInt(); return year != nil
            case "month": month = reader.readInt(); return month != nil
            case "day": day = reader.readInt(); return day != nil
            default: return false
            }
        }
        guard complete, let year, let month, let day else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    private mutating func readDetails() -> [DetailRow]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var rows: [DetailRow] = []
        if consume(UInt8(ascii: "]")) { return rows }
        repeat {
            var key: String?, value: String?
            let complete = readObject { reader, name in
                switch name {
                case "key": key = reader.readString(interning: true); return key != nil
                case "value": value = reader.readString(); return value != nil
                default: return false
                }
            }
            guard complete, let key, let value else { return nil }
            rows.append(DetailRow(key: key, value: value))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? rows : nil
    }

    /// Reads `{"key": value, ...}`, handing each key to `field`, which reads the value and says
    /// whether it could.
    private mutating func readObject(_ field: (inout ItemJSONReader, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = readString(), consume(UInt8(ascii: ":")), field(&self, key) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private mutating func readInt() -> Int? {
        skipWhitespace()
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var value = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            digits += 1
            index += 1
        }
        // A fraction or an exponent is not an Int as this reader sees it: leave it to Foundation.
        guard digits > 0, index >= bytes.count || !".eE".utf8.contains(bytes[index]) else { return nil }
        return negative ? -value : value
    }

    private static let trueWord = Array("true".utf8), falseWord = Array("false".utf8), nullWord = Array("null".utf8)
    private static let lowSurrogateStart = Array("\\u".utf8)

    private mutating func readBool() -> Bool? {
        if consume(word: Self.trueWord) { return true }
        if consume(word: Self.falseWord) { return false }
        return nil
    }

    private mutating func readNull() -> Bool {
        consume(word: Self.nullWord)
    }

    private mutating func readString(interning: Bool = false) -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // Without escapes (nearly always), the string is the bytes between the quotes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < bytes.count else { return nil }
        var text: String
        if bytes[index] == UInt8(ascii: "\"") {
            // ASCII (nearly always) needs no validation; anything else must be valid UTF-8.
            let isASCII = bytes[start..<index].allSatisfy { $0 < 0x80 }
            if isASCII {
                text = String(decoding: bytes[start..<index], as: UTF8.self)
            } else {
                guard let plain = String(validating: bytes[start..<index], as: UTF8.self) else { return nil }
                text = plain
            }
            index += 1
        } else {
            guard let escaped = readEscaped(from: start) else { return nil }
            text = escaped
        }
        if interning {
            if let shared = interned[text] { text = shared } else { interned[text] = text }
        }
        return text
    }

    /// The rest of a string with escapes, from its first byte at `start`; ends past the quote.
    private mutating func readEscaped(from start: Int) -> String? {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var scalar = readHex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard follows(Self.lowSurrogateStart), let low = readHex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    private mutating func readHex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func consume(word: [UInt8]) -> Bool {
        skipWhitespace()
        return follows(word)
    }

    /// Consumes `word` if the bytes at the index spell it.
    private mutating func follows(_ word: [UInt8]) -> Bool {
        guard index + word.count <= bytes.count, bytes[index..<(index + word.count)].elementsEqual(word) else { return false }
        index += word.count
        return true
    }
}
