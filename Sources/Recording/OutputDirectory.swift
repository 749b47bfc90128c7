import Foundation

/// Writes a run's files into a fresh temporary folder beside the destination and moves them in
/// only when the run succeeded, so a failed or interrupted run never leaves partial output over
/// existing files.
public final class OutputDirectory {
    public let destination: URL
    public let staging: URL

    public init(destination: URL) throws {
        self.destination = destination
        let parent = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        staging = parent.appendingPathComponent(".\(destination.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
    }

    public func url(_ name: String) -> URL { staging.appendingPathComponent(name) }

    /// Moves every staged file into the destination (replacing same-named files) and removes
    /// stale files matching `stalePrefix` that this run did not produce.
    public func commit(stalePrefix: String? = nil) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: destination, withIntermediateDirectories: true)
        let produced = try fm.contentsOfDirectory(atPath: staging.path)
        if let stalePrefix {
            for old in (try? fm.contentsOfDirectory(atPath: destination.path)) ?? [] where old.hasPrefix(stalePrefix) && !produced.contains(old) {
                try? fm.removeItem(at: destination.appendingPathComponent(old))
            }
        }
        for name in produced.sorted() {
            let target = destination.appendingPathComponent(name)
            if rename(staging.appendingPathComponent(name).path, target.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
        }
        try? fm.removeItem(at: staging)
    }

    public func discard() { try? FileManager.default.removeItem(at: staging) }
}
