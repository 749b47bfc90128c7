import Foundation
import Scenes
import ScrollEngine
import Support

/// The owner of a live session's `CaptureLog` (`overscroll run --capture FILE.json`): the window
/// reports every input event to it, and at exit it writes the scenario atomically (temporary
/// file + rename), so an interrupted write never leaves a half scenario.
public final class LiveCapture {
    /// Where the scenario goes.
    public let path: String
    public private(set) var log: CaptureLog

    /// `feel`: the `--feel` file, named in the scenario (made absolute) so a replay has its numbers.
    public init(path: String, scene: String, options: SceneOptions, feel: String? = nil) {
        self.path = path
        log = CaptureLog(scene: scene, options: Self.portable(options, capturePath: path))
        if let feel { log.nameFeel(URL(fileURLWithPath: feel).standardizedFileURL.path) }
    }

    /// Checks up front that `path` can be written (its folder exists or can be made, and is
    /// writable), so a session is not lost at exit; the error names the flag and the file.
    public static func checkWritable(_ path: String) throws {
        do { try OutputPaths.checkFile(path, flag: "--capture") } catch { throw CaptureError(message: error.description) }
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw CaptureError(message: "--capture \(path): is a directory")
        }
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw CaptureError(message: "--capture \(path): cannot create the folder \(dir)")
        }
        guard FileManager.default.isWritableFile(atPath: dir) else {
            throw CaptureError(message: "--capture \(path): the folder \(dir) is not writable")
        }
    }

    /// Scale in pixels per point and the display's frame rate (frames per second).
    public func describeDisplay(scale: Double, fps: Double) { log.describeDisplay(scale: scale, fps: fps) }

    /// Records one input event at session time `t` (seconds).
    public func record(_ event: InputEvent, at t: Double) { log.record(event, at: t) }

    /// Writes the scenario of a session that ended at `end` (seconds).
    public func write(endingAt end: Double) throws {
        try AtomicFileWriter.write(text: log.json(endingAt: end), toPath: path)
    }

    /// A Lottie path made absolute, so the scenario finds it wherever it is replayed from.
    static func portable(_ options: SceneOptions, capturePath: String) -> SceneOptions {
        var o = options
        if let p = o.indicator.lottiePath {
            o.indicator.lottiePath = URL(fileURLWithPath: p).standardizedFileURL.path
        }
        return o
    }
}

/// A `--capture` file that cannot be written: one line naming the flag and the file.
public struct CaptureError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
