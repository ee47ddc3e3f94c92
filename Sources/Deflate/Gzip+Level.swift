extension Gzip {
    /// How hard the encoder looks for matches.
    public enum Level: Sendable {
        /// One candidate per position, taken greedily (about zlib's level 1, as nginx serves pages):
        /// for bodies made per request.
        case fast
        /// Hash chains and lazy matching (zlib's level 6): for bytes compressed once and sent often.
        case `default`
    }
}
