import Coordinators

extension Session {
    /// Runs `submission` unless this session already ran the submission named `digest`; a repeat
    /// answers what the first answered. Called inside `withNavigation`, in the session's turn: its
    /// queue orders the session's requests, so two copies sent at once cannot both run. Only an answer that changed something
    /// (a redirect) is kept: a refused form changed nothing and is simply checked again.
    /// `keptReceipt`: the record changed, so the session needs saving.
    public func once(_ digest: String, _ submission: () throws -> NavigationOutcome) rethrows -> (NavigationOutcome, keptReceipt: Bool) {
        if let earlier = record.withLock({ $0.receipts?.last { $0.digest == digest } }) {
            return (.redirect(earlier.redirect), false)
        }
        let outcome = try submission()
        guard case .redirect(let route) = outcome else { return (outcome, false) }
        record.withLock { record in
            var receipts = record.receipts ?? []
            receipts.append(SubmissionReceipt(digest: digest, redirect: route))
            record.receipts = Array(receipts.suffix(SubmissionReceipt.kept))
        }
        return (outcome, true)
    }
}
