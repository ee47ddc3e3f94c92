import Coordinators
import Glibc
import Synchronization
import TemplateEngine

/// Rendered fragments of pages, kept while what they show does not change: a fragment is found by
/// a key that is cheap to hash (e.g. the list's URL) and reused only when the content it was
/// rendered from equals the content at hand, so changed content never shows a stale fragment, it
/// only costs a render. Bounded: at `capacity` keys it starts over. The lock is held for the
/// lookup and the store only, never for a render or a comparison.
final class FragmentCache<Key: Hashable & Sendable, Content: Equatable & Sendable>: Sendable {
    private struct Entry: Sendable {
        var content: Content
        var markup: [UInt8]
    }

    private let entries = Mutex<[Key: Entry]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The markup rendered from `content`: kept from an earlier call, or `render`ed now and kept.
    func markup(for key: Key, content: Content, render: () throws(TemplateError) -> [UInt8]) throws(TemplateError) -> [UInt8] {
        if let entry = entries.withLock({ $0[key] }), entry.content == content {
            return entry.markup
        }
        let markup = try render()
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(content: content, markup: markup)
        }
        return markup
    }

    /// How many fragments are kept (for tests).
    var count: Int { entries.withLock { $0.count } }
}

/// A list as a fragment's content, compared element by element in place: `Array`'s `==` copies
/// each element out on the way (retaining and releasing its strings), which cost more than
/// rendering a tenth of the list.
struct FragmentRows<Element: FragmentRow>: Equatable, Sendable {
    var elements: [Element]

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.elements.count == rhs.elements.count else { return false }
        return lhs.elements.withUnsafeBufferPointer { left in
            rhs.elements.withUnsafeBufferPointer { right in
                guard var l = left.baseAddress, var r = right.baseAddress else { return true }
                let size = MemoryLayout<Element>.size
                for _ in 0..<left.count {
                    // Bit for bit the same is the same value (same string storage, same route): the
                    // usual case for rows read from the same catalog. Otherwise field by field.
                    guard memcmp(l, r, size) == 0 || Element.sameContent(l, r) else { return false }
                    l += 1
                    r += 1
                }
                return true
            }
        }
    }
}

/// An element of `FragmentRows`: compares its fields in place, through pointers, so neither
/// element is copied whole (a copy retains every string and route it holds).
protocol FragmentRow: Sendable {
    static func sameContent(_ left: UnsafePointer<Self>, _ right: UnsafePointer<Self>) -> Bool
}

extension ItemListContent.Row: FragmentRow {
    /// The cheap fields first: a changed selection or favourite decides at once.
    static func sameContent(_ left: UnsafePointer<Self>, _ right: UnsafePointer<Self>) -> Bool {
        left.pointee.isSelected == right.pointee.isSelected && left.pointee.isFavourite == right.pointee.isFavourite
            && left.pointee.title == right.pointee.title && left.pointee.subtitle == right.pointee.subtitle
            && left.pointee.href == right.pointee.href
    }
}

extension LibraryContent.CategoryLink: FragmentRow {
    static func sameContent(_ left: UnsafePointer<Self>, _ right: UnsafePointer<Self>) -> Bool {
        left.pointee.isSelected == right.pointee.isSelected && left.pointee.itemCount == right.pointee.itemCount
            && left.pointee.name == right.pointee.name && left.pointee.itemCountText == right.pointee.itemCountText
            && left.pointee.href == right.pointee.href
    }
}
