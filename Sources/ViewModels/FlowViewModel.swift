/// One Flow screen's words, plus the steps it can push next (links come from the coordinator).
public struct FlowViewModel: Hashable, Sendable {
    public struct Choice: Hashable, Sendable {
        public var step: FlowStep
        public var title: String
        public var summary: String
    }

    public let step: FlowStep

    public init(step: FlowStep) {
        self.step = step
    }

    public var title: String { step.title }
    public var summary: String { step.summary }
    public var choices: [Choice] { step.next.map { Choice(step: $0, title: $0.title, summary: $0.summary) } }
}
