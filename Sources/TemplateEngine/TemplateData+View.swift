/// The data as the renderer reads it: raw views of its arrays, valid while the data is borrowed.
extension TemplateData {
    struct View {
        let root: UInt32
        let nodes: UnsafeBufferPointer<Node>
        let fields: UnsafeBufferPointer<Field>
        let elements: UnsafeBufferPointer<UInt32>
        let bytes: UnsafeBufferPointer<UInt8>

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

        /// The value of the field named `name` (its fingerprint and UTF-8) when `node` is an object
        /// holding one; the last such field wins.
        @inline(__always)
        func field(of node: Node, fingerprint: UInt64, name: UnsafeBufferPointer<UInt8>) -> UInt32? {
            guard node.kind == .object else { return nil }
            var index = node.payload + Int(node.count)
            while index > node.payload {
                index -= 1
                let field = fields[index]
                if field.fingerprint == fingerprint && Int(field.nameCount) == name.count
                    && Self.equal(UnsafeBufferPointer(rebasing: bytes[Int(field.nameStart)...]), name)
                {
                    return field.value
                }
            }
            return nil
        }

        @inline(__always)
        /// Whether `text` starts with `prefix`; the caller has checked that it is long enough.
        private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
            for offset in prefix.indices where text[offset] != prefix[offset] { return false }
            return true
        }
    }

    /// Calls `body` with a view of this data; an empty context when no root was set.
    func withView<Result>(_ body: (View) throws(TemplateError) -> Result) throws(TemplateError) -> Result {
        var data = self
        if data.root == nil {
            data.root = data.appendNode(Node(.object))
        }
        let root = data.root ?? 0
        return try data.nodes.withUnsafeBufferPointer { nodes throws(TemplateError) in
            try data.fields.withUnsafeBufferPointer { fields throws(TemplateError) in
                try data.elements.withUnsafeBufferPointer { elements throws(TemplateError) in
                    try data.bytes.withUnsafeBufferPointer { bytes throws(TemplateError) in
                        try body(View(root: root, nodes: nodes, fields: fields, elements: elements, bytes: bytes))
                    }
                }
            }
        }
    }
}
