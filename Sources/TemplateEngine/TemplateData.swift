/// The data a page renders, laid out flat: every value is a plain record in one buffer, every
/// string's bytes in another, every object's fields and every list's elements in two more.
///
/// Building one costs a few stores per value and dropping it frees six buffers, whatever the
/// page holds: no value is reference counted or released one by one. Rendering walks it by index.
/// Noncopyable, because it owns its buffers; build one per page.
///
/// Build the root object with `setRoot { data in … }` and the `add` calls inside it, or convert a
/// `TemplateValue` tree with `setRoot(_:)`.
public struct TemplateData: ~Copyable {
    struct Node {
        enum Kind: UInt8 {
            case null, bool, int, double, string, list, object
            /// A string kept outside the buffers: markup added with `add(_:rendered:)`.
            case markup
        }

        /// int: the value; double: its bit pattern; bool: 0 or 1; string: the first byte in `bytes`;
        /// list: the first entry in `elements`; object: the first entry in `fields`; markup: its
        /// index in `markups`.
        var payload: Int
        /// string: its length in bytes; list and object: their number of entries.
        var count: UInt32
        var kind: Kind
        /// A string without `& < > " '`, found while copying it in: written as is, never escaped.
        var isPlain: Bool

        init(_ kind: Kind, payload: Int = 0, count: UInt32 = 0, isPlain: Bool = false) {
            self.kind = kind
            self.payload = payload
            self.count = count
            self.isPlain = isPlain
        }
    }

    /// A named entry of an object: the key's identity words, so a field holds no reference.
    /// A long key's name is copied into `bytes` at `nameStart`, for the comparison it needs.
    struct Field {
        var head: UInt64
        var tail: UInt64
        var value: UInt32
        var nameStart: UInt32
    }

    var nodes: PlainValueBuffer<Node>
    var fields: PlainValueBuffer<Field>
    var elements: PlainValueBuffer<UInt32>
    var bytes: PlainValueBuffer<UInt8>
    /// Fields and elements of the objects and lists still being built, innermost last; each is
    /// moved into `fields` or `elements` in one piece when its object or list ends.
    var pendingFields: PlainValueBuffer<Field>
    var pendingElements: PlainValueBuffer<UInt32>
    /// Markup added whole (`add(_:rendered:)`), held rather than copied: it is usually a fragment
    /// kept between pages, and is copied once, into the page.
    var markups: [[UInt8]] = []
    /// Where `add(_:text:)` lets its writer append, before the bytes move into `bytes`.
    var scratch: [UInt8] = []
    /// The node templates render against; nil until `setRoot` (an empty context).
    var root: UInt32?

    /// `expectedBytes`: about the size of the page's text, so the buffers rarely grow.
    public init(expectedBytes: Int = 4096) {
        let values = max(expectedBytes / 16, 64)
        nodes = PlainValueBuffer(capacity: values)
        fields = PlainValueBuffer(capacity: values)
        elements = PlainValueBuffer(capacity: values / 4)
        bytes = PlainValueBuffer(capacity: expectedBytes)
        pendingFields = PlainValueBuffer(capacity: 64)
        pendingElements = PlainValueBuffer(capacity: 64)
    }
}
