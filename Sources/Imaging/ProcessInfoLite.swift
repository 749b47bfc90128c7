import FoundationEssentials

/// The few process facts the comparison needs, kept in one place.
enum ProcessInfoLite {
    /// Processors available to this process.
    static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}
