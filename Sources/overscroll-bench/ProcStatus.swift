import Foundation

/// Memory figures of this process from /proc/self/status, in kB.
enum ProcStatus {
    static func value(_ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let digits = line.dropFirst(key.count + 1).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }

    /// Peak resident set size (VmHWM), kB.
    static var peakRSSKiB: Int? { value("VmHWM") }
    static var rssKiB: Int? { value("VmRSS") }
}
