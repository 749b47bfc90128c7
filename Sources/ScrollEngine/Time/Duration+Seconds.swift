extension Duration {
    /// The duration in seconds, as a `Double` (the one conversion: the virtual clock, the suite's
    /// timings and the recorder read it here).
    public var inSeconds: Double {
        let c = components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}
