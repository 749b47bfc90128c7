import Foundation
import Support

/// A one-line progress bar on standard error for long runs: frames done, frames/s, time left.
/// Silent when standard error is not a terminal.
public final class ProgressBar {
    let total: Int
    let label: String
    let enabled: Bool
    let start = Date()
    var lastDraw = Date.distantPast
    /// Seconds between redraws.
    public static let redrawInterval = 0.1
    public static let width = 28

    public init(total: Int, label: String, enabled: Bool = isatty(2) != 0) {
        self.total = max(1, total)
        self.label = label
        self.enabled = enabled
    }

    public func update(_ done: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) >= Self.redrawInterval else { return }
        lastDraw = now
        let elapsed = max(1e-6, now.timeIntervalSince(start))
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let filled = Int(Double(Self.width) * Double(done) / Double(total))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.width - filled)
        let line = String(format: "\r%@ %@ %d/%d frames  %.0f fps  %.1f s left ", label, bar, done, total, rate, left)
        StandardStreams.error(line)
    }

    public func finish() {
        guard enabled else { return }
        StandardStreams.error("\r\u{1B}[K")
    }
}
