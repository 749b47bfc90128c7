import FoundationEssentials

/// The few process facts the comparison needs, kept in one place.
enum ProcessInfoLite {
    /// Processors available to this process.
    static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `MemAvailable` of /proc/meminfo in bytes, when readable.
    static var availableMemory: Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/meminfo") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let digits = line.dropFirst("MemAvailable:".count).filter { $0.isNumber }
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
