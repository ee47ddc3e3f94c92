/// The data a page renders, laid out flat: every value is a plain record in one array, every
/// string's bytes in one byte array, every object's fields and every list's elements in two more.
///
/// Building it allocates nothing once its arrays have grown to a page's size, and dropping it
/// releases nothing value by value: keep one per thread, `removeAll()` between pages, and a page
/// costs only the writes. Rendering walks it by index, with no reference counting.
///
/// Build the root object with `setRoot { data in … }` and the `add` calls inside it, or convert a
/// `TemplateValue` tree with `setRoot(_:)`.
public struct TemplateData: Sendable {
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline
        enum Kind: UInt8, Sendable {
            case null, bool, int, double, string, list, object
        }

        /// int: the value; double: its bit pattern; bool: 0 or 1; string: the first byte in `bytes`;
        /// list: the first entry in `elements`; object: the first entry in `fields`.
        @usableFromInline var payload: Int
        /// string: its length in bytes; list and object: their number of entries.
        @usableFromInline var count: UInt32
        @usableFromInline var kind: Kind

        @usableFromInline
        init(_ kind: Kind, payload: Int = 0, count: UInt32 = 0) {
            self.kind = kind
            self.payload = payload
            self.count = count
        }
    }

    /// A named entry of an object. The name's bytes are copied into `bytes`, so fields hold no
    /// references and a lookup compares the fingerprint first and the bytes only on a match.
    @usableFromInline
    struct Field: Sendable {
        @usableFromInline var fingerprint: UInt64
        @usableFromInline var nameStart: UInt32
        @usableFromInline var nameCount: UInt32
        @usableFromInline var value: UInt32

        @usableFromInline
        init(fingerprint: UInt64, nameStart: UInt32, nameCount: UInt32, value: UInt32) {
            self.fingerprint = fingerprint
            self.nameStart = nameStart
            self.nameCount = nameCount
            self.value = value
        }
    }

    @usableFromInline var nodes: [Node] = []
    @usableFromInline var fields: [Field] = []
    @usableFromInline var elements: [UInt32] = []
    @usableFromInline var bytes: [UInt8] = []
    /// Fields and elements of the objects and lists still being built, innermost last; each is
    /// moved into `fields` or `elements` in one piece when its object or list ends.
    @usableFromInline var pendingFields: [Field] = []
    @usableFromInline var pendingElements: [UInt32] = []
    /// The node templates render against; nil until `setRoot` (an empty context).
    @usableFromInline var root: UInt32?

    public init() {}

    /// Forgets all values but keeps the storage, so the next page reuses it.
    public mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        pendingFields.removeAll(keepingCapacity: true)
        pendingElements.removeAll(keepingCapacity: true)
        root = nil
    }

    /// Bytes held by this data's arrays: what a pool of them keeps alive.
    public var capacityInBytes: Int {
        nodes.capacity * MemoryLayout<Node>.stride + fields.capacity * MemoryLayout<Field>.stride
            + elements.capacity * 4 + bytes.capacity + pendingFields.capacity * MemoryLayout<Field>.stride
            + pendingElements.capacity * 4
    }
}
