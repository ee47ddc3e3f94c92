import Coordinators

extension Session {
    /// Runs `submission` unless this session already ran the submission named `digest`; a repeat
    /// answers what the first answered. Called inside `withNavigation`, in the session's turn: its
    /// queue orders the session's requests, so two copies sent at once cannot both run. Only an answer that changed something
    /// (a redirect) is kept: a refused form changed nothing and is simply checked again.
    /// `keptReceipt`: the record changed, so the session needs saving.
    public func once(_ digest: String, _ submission: () throws -> NavigationOutcome) rethrows -> (NavigationOutcome, keptReceipt: Bool) {
        if let earlier = earlierAnswer(to: digest) { return (earlier, false) }
        let outcome = try submission()
        return (outcome, keepReceipt(digest, for: outcome))
    }

    /// `once` in two halves, for a submission that parks between deciding and finishing: what an
    /// earlier sending of the submission named `digest` was answered, if this session ran it.
    public func earlierAnswer(to digest: String) -> NavigationOutcome? {
        record.withLock { $0.receipts?.last { $0.digest == digest } }.map { .redirect($0.redirect) }
    }

    /// `once`'s second half: keeps the receipt of a submission that came to `outcome`, when it
    /// changed something (a redirect). Returns whether it was kept (the session needs saving).
    public func keepReceipt(_ digest: String, for outcome: NavigationOutcome) -> Bool {
        guard case .redirect(let route) = outcome else { return false }
        record.withLock { record in
            var receipts = record.receipts ?? []
            receipts.append(SubmissionReceipt(digest: digest, redirect: route))
            record.receipts = Array(receipts.suffix(SubmissionReceipt.kept))
        }
        return true
    }
}
