/// The data as the renderer reads it: raw views of its buffers, valid while the data is borrowed
/// and not changed.
extension TemplateData {
    struct View {
        /// nil: nothing was set, and every lookup misses.
        let root: UInt32?
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

        /// Whether the long key of `field` is named `name`.
        func longKey(of field: Field, isNamed name: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = Int(field.nameStart)
            for offset in name.indices where bytes[start + offset] != name[offset] { return false }
            return true
        }
    }

    /// A view of this data, valid while it is borrowed.
    var view: View {
        View(
            root: root, nodes: nodes.buffer, fields: fields.buffer, elements: elements.buffer, bytes: bytes.buffer)
    }
}
