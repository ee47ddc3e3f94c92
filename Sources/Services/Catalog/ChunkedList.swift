/// A sequence kept as a list of short arrays (chunks) with the position each chunk starts at, so
/// reading position `i` or the slice of a page is a binary search and a copy of that slice, and
/// inserting or removing one element moves at most one chunk's elements (plus one integer per
/// chunk for the starts). Mutated in place when uniquely held: nothing here copies the sequence.
struct ChunkedList<Element> {
    /// A chunk splits in two past this many elements; neighbours merge back when both are small.
    static var chunkCapacity: Int { 512 }

    private(set) var chunks: [[Element]] = []
    /// `starts[i]` is the position of `chunks[i].first`.
    private var starts: [Int] = []
    private(set) var count = 0

    init() {}

    /// From elements already in order, packed into full chunks.
    init<S: Sequence>(_ elements: S) where S.Element == Element {
        var chunk: [Element] = []
        chunk.reserveCapacity(Self.chunkCapacity)
        for element in elements {
            chunk.append(element)
            if chunk.count == Self.chunkCapacity {
                appendChunk(chunk)
                chunk = []
                chunk.reserveCapacity(Self.chunkCapacity)
            }
        }
        if !chunk.isEmpty { appendChunk(chunk) }
    }

    private mutating func appendChunk(_ chunk: [Element]) {
        starts.append(count)
        chunks.append(chunk)
        count += chunk.count
    }

    var isEmpty: Bool { count == 0 }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "position \(position) outside 0..<\(count)")
        let chunk = chunkIndex(holding: position)
        return chunks[chunk][position - starts[chunk]]
    }

    /// The elements at `range` (clamped to the list), as a new array.
    func elements(in range: Range<Int>) -> [Element] {
        let lower = max(0, range.lowerBound), upper = min(count, range.upperBound)
        guard lower < upper else { return [] }
        var result: [Element] = []
        result.reserveCapacity(upper - lower)
        var chunk = chunkIndex(holding: lower)
        var position = lower
        while position < upper {
            let offset = position - starts[chunk]
            let take = min(chunks[chunk].count - offset, upper - position)
            result.append(contentsOf: chunks[chunk][offset..<(offset + take)])
            position += take
            chunk += 1
        }
        return result
    }

    /// A stretch of the list holding `range` (clamped), and the position it starts at: the chunk
    /// itself when `range` lies inside one (no copy; a write to that chunk while the caller still
    /// holds it copies that one chunk), else the elements of `range` copied.
    func stretch(covering range: Range<Int>) -> (elements: [Element], start: Int) {
        let lower = max(0, range.lowerBound), upper = min(count, range.upperBound)
        guard lower < upper else { return ([], min(lower, count)) }
        let chunk = chunkIndex(holding: lower)
        if upper - starts[chunk] <= chunks[chunk].count { return (chunks[chunk], starts[chunk]) }
        return (elements(in: lower..<upper), lower)
    }

    /// Every element in order; costs the whole list, for tools and tests.
    var all: [Element] { elements(in: 0..<count) }

    /// The first position whose element satisfies `isAtOrAfter`, which must be false for a prefix
    /// of the list and true for the rest (`count` when it holds for none).
    func partitionPoint(_ isAtOrAfter: (Element) -> Bool) -> Int {
        // The first chunk whose last element qualifies holds the point.
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(chunks[middle][chunks[middle].count - 1]) { high = middle } else { low = middle + 1 }
        }
        guard low < chunks.count else { return count }
        let chunk = chunks[low]
        var first = 0, last = chunk.count
        while first < last {
            let middle = (first + last) / 2
            if isAtOrAfter(chunk[middle]) { last = middle } else { first = middle + 1 }
        }
        return starts[low] + first
    }

    mutating func replace(at position: Int, with element: Element) {
        precondition(position >= 0 && position < count, "position \(position) outside 0..<\(count)")
        let chunk = chunkIndex(holding: position)
        chunks[chunk][position - starts[chunk]] = element
    }

    mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "position \(position) outside 0...\(count)")
        guard !chunks.isEmpty else {
            appendChunk([element])
            return
        }
        // At the end, the last chunk takes it, or a new one once it is full: a list that grows by
        // appending (new ids) keeps full chunks instead of halves.
        if position == count, chunks[chunks.count - 1].count >= Self.chunkCapacity {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunk.append(element)
            appendChunk(chunk)
            return
        }
        let chunk = position == count ? chunks.count - 1 : chunkIndex(holding: position)
        chunks[chunk].insert(element, at: position - starts[chunk])
        count += 1
        shiftStarts(after: chunk, by: 1)
        if chunks[chunk].count > Self.chunkCapacity { split(chunk) }
    }

    @discardableResult
    mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "position \(position) outside 0..<\(count)")
        let chunk = chunkIndex(holding: position)
        let element = chunks[chunk].remove(at: position - starts[chunk])
        count -= 1
        shiftStarts(after: chunk, by: -1)
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
        } else if chunk + 1 < chunks.count, chunks[chunk].count + chunks[chunk + 1].count <= Self.chunkCapacity / 2 {
            let next = chunks.remove(at: chunk + 1)
            starts.remove(at: chunk + 1)
            chunks[chunk].append(contentsOf: next)
        }
        return element
    }

    /// Halves an overfull chunk into two new arrays, each sized to what it holds (cutting the old
    /// one in place would keep its doubled capacity for half the elements).
    private mutating func split(_ chunk: Int) {
        let half = chunks[chunk].count / 2
        let tail = Array(chunks[chunk][half...])
        chunks[chunk] = Array(chunks[chunk][..<half])
        chunks.insert(tail, at: chunk + 1)
        starts.insert(starts[chunk] + half, at: chunk + 1)
    }

    private mutating func shiftStarts(after chunk: Int, by delta: Int) {
        var index = chunk + 1
        while index < starts.count {
            starts[index] += delta
            index += 1
        }
    }

    /// The chunk whose elements include `position` (which must be below `count`).
    private func chunkIndex(holding position: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension ChunkedList: Sendable where Element: Sendable {}
