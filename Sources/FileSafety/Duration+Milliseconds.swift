extension Duration {
    /// Whole milliseconds, the rest dropped: what poll, libcurl and libpq's shim take.
    public var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
