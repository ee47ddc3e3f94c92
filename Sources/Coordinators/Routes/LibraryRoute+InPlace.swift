import Models

/// The Library's links printed straight into memory: a page carries dozens of them (every row of
/// the list links to its item), so they skip the general writer. Only the spellings without any
/// percent-encoding are handled here; anything else returns nil and goes through `write(to:)`.
/// Tests hold both printers to the same bytes.
extension LibraryRoute {
    func printInPlace(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var printer = InPlacePrinter(base: base, capacity: buffer.count)
        switch self {
        case .category(let category):
            guard printer.path(of: category) else { return nil }
        case .item(let category, let item, let tab):
            guard printer.path(of: category), printer.item(item) else { return nil }
            switch tab {
            case nil: break
            case .overview: guard printer.append("/overview") else { return nil }
            case .details: guard printer.append("/details") else { return nil }
            case .options: guard printer.append("/options") else { return nil }
            }
        case .home, .settings, .newItem, .deleteItem:
            return nil
        }
        return printer.count
    }
}

/// Appends to a fixed span, refusing what does not fit.
private struct InPlacePrinter {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0

    /// `/library/{slug}`, when the slug needs no escaping and is not spelled like a fixed segment.
    mutating func path(of category: CategoryID) -> Bool {
        guard append("/library/") else { return false }
        let slug = category.rawValue
        guard slug.utf8.count != 8 || slug != "settings" else { return false }
        return slug.utf8.withContiguousStorageIfAvailable { bytes in
            var dots = 0
            for byte in bytes {
                guard URLComponentCoding.isUnreserved(byte) else { return false }
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            return dots < bytes.count && append(bytes)
        } ?? false
    }

    /// `/items/{id}`.
    mutating func item(_ item: ItemID) -> Bool {
        append("/items/") && ASCIIDigits(item.rawValue).write { append($0) }
    }

    mutating func append(_ text: StaticString) -> Bool {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = bytes.baseAddress, bytes.count <= capacity - count else { return bytes.isEmpty }
        copyShort(from: source, to: base + count, count: bytes.count)
        count += bytes.count
        return true
    }
}
