import Foundation
import Support

/// A recording's output folder: the run writes into a staging folder beside the destination,
/// which replaces the destination all-or-nothing only when the run succeeded (`ResultFolder`:
/// locked against a second run, journalled swap, staging removed on interruption). Files the
/// user put in the folder are kept; only what an earlier run wrote is replaced.
public final class OutputDirectory {
    public let destination: URL
    public let staging: URL
    private let folder: ResultFolder

    /// The names a recording writes; in a folder from a version without a manifest, regular
    /// files with these names are taken as the tool's own.
    public static func isRecordingOutput(_ name: String) -> Bool {
        if ["trace.jsonl", "plot.png", "contact-sheet.png"].contains(name) { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return digits.count >= 5 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    public init(destination: URL, flag: String = "--out") throws {
        self.destination = destination
        folder = try ResultFolder(
            replacing: destination.path, flag: flag,
            ownership: .manifest(legacy: { OutputDirectory.isRecordingOutput($0) }))
        staging = URL(fileURLWithPath: folder.staging)
    }

    public func url(_ name: String) -> URL { staging.appendingPathComponent(name) }

    /// Refuses before the run when a file of the user's has the name of an output.
    public func preflight(willWrite names: [String]) throws { try folder.preflight(willWrite: names) }

    /// Swaps the staged run in as the destination, all-or-nothing.
    public func commit() throws { try folder.commit() }

    /// Removes the staging folder and releases the lock.
    public func discard() { folder.abandon() }
}
