/// Block re-indentation (Mustache inheritance): the indentation shared by a standalone block's
/// lines is removed where the block is written, so that it can be replaced by the indentation
/// of the place where it is expanded.
extension Compiler {
    static func collectIndentations(_ nodes: [SyntaxNode], into indentations: inout [[UInt8]]) {
        for node in nodes {
            switch node {
            case .lineStart(let indentation, let blank):
                if !blank { indentations.append(indentation) }
            case .section(_, _, let children, _):
                collectIndentations(children, into: &indentations)
            case .partial(_, let indentation?, _):
                indentations.append(indentation)
            case .parent(_, let indentation, let blocks, _):
                if let indentation { indentations.append(indentation) }
                for block in blocks { collect(block, into: &indentations) }
            case .block(let block):
                collect(block, into: &indentations)
            default:
                break
            }
        }
    }

    private static func collect(_ block: SyntaxBlock, into indentations: inout [[UInt8]]) {
        if let indentation = block.indentation { indentations.append(indentation) }
        collectIndentations(block.children, into: &indentations)
    }

    static func removeIndentation(_ count: Int, from nodes: [SyntaxNode]) -> [SyntaxNode] {
        guard count > 0 else { return nodes }
        func trim(_ indentation: [UInt8]) -> [UInt8] { Array(indentation.dropFirst(count)) }
        func trim(_ block: SyntaxBlock) -> SyntaxBlock {
            var block = block
            block.indentation = block.indentation.map(trim)
            block.children = removeIndentation(count, from: block.children)
            return block
        }
        return nodes.map { node in
            switch node {
            case .lineStart(let indentation, let blank):
                .lineStart(indentation: trim(indentation), blank: blank)
            case .section(let name, let inverted, let children, let location):
                .section(name: name, inverted: inverted, children: removeIndentation(count, from: children), at: location)
            case .partial(let name, let indentation, let location):
                .partial(name: name, indentation: indentation.map(trim), at: location)
            case .parent(let name, let indentation, let blocks, let location):
                .parent(name: name, indentation: indentation.map(trim), blocks: blocks.map(trim), at: location)
            case .block(let block):
                .block(trim(block))
            case .text, .variable:
                node
            }
        }
    }
}
