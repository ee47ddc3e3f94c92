/// The data as the renderer reads it: raw views of its buffers, handed out only inside
/// `withView`, while the data is borrowed and cannot change.
extension TemplateData {
    struct View {
        /// nil: nothing was set, and every lookup misses.
        let root: UInt32?
        let nodes: UnsafeBufferPointer<Node>
        let fields: UnsafeBufferPointer<Field>
        let elements: UnsafeBufferPointer<UInt32>
        let bytes: UnsafeBufferPointer<UInt8>
        let markups: [[UInt8]]

        @inline(__always)
        func elements(of list: Node) -> UnsafeBufferPointer<UInt32> {
            UnsafeBufferPointer(rebasing: elements[list.payload..<(list.payload + Int(list.count))])
        }

        @inline(__always)
        func text(of string: Node) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[string.payload..<(string.payload + Int(string.count))])
        }

        /// Whether a section over this value is skipped (and an inverted section shown).
        @inline(__always)
        func isFalsey(_ node: Node) -> Bool {
            switch node.kind {
            case .null: true
            case .bool: node.payload == 0
            case .list: node.count == 0
            default: false
            }
        }

        /// Whether the long key of `field` is named `name`. Only asked when the identity words
        /// match, and those hold the name's length, so the stored name is as long as `name`.
        func longKey(of field: Field, isNamed name: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = Int(field.nameStart)
            precondition(start + name.count <= bytes.count, "TemplateData: a long key's name runs past the data's bytes")
            for offset in name.indices where bytes[start + offset] != name[offset] { return false }
            return true
        }
    }

    /// Calls `body` with a view of this data. The view's pointers are valid only during the call
    /// (the data is borrowed, so nothing can append and move them): keep nothing of it.
    @inline(__always)
    func withView<Result, Failure: Error>(_ body: (View) throws(Failure) -> Result) throws(Failure) -> Result {
        try nodes.withElements { nodes throws(Failure) in
            try fields.withElements { fields throws(Failure) in
                try elements.withElements { elements throws(Failure) in
                    try bytes.withElements { bytes throws(Failure) in
                        try body(View(root: root, nodes: nodes, fields: fields, elements: elements, bytes: bytes, markups: markups))
                    }
                }
            }
        }
    }
}
