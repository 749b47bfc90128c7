import Foundation
import Rendering
import Scenes
import ScrollEngine
import Support

/// What `overscroll record` writes.
public struct RecordOptions: Sendable {
    public var writePNG = true
    public var progress = true
    /// Frames waiting for or in encoding at most (bounded memory: one frame buffer each, plus one).
    public var maxFramesInFlight = 4
    /// Encoder threads; nil: one per core.
    public var encoderThreads: Int?
    /// Also write `plot.png` and (with PNGs) `contact-sheet.png`.
    public var pictures = true
    public init() {}
}

/// Summary of a recording.
public struct RecordResult: Sendable {
    public var frames: Int
    /// The per-frame trace fields, in order (for pictures and tests).
    public var traceLines: [String]
}

/// The headless driver: runs a scenario on a virtual clock through the same `Session` and
/// `CairoRenderer` as the window, and writes `frame-NNNNN.png` and `trace.jsonl`.
@MainActor
public final class Recorder {
    public let renderer: CairoRenderer
    /// Called after each frame with the session (pictures, tests).
    public var onFrame: ((Int, Double, Session) -> Void)?
    /// Receives one-line warnings (a Lottie file that fell back to the vector spinner).
    public var report: (String) -> Void = { Platform.printError("overscroll: \($0)") }
    /// Seconds a Lottie frame may take (`--lottie-timeout`); a recording never falls back to the
    /// vector spinner: a file that fails to load or a frame that misses this is an error.
    /// nil restores the live window's lenient fallback.
    public var lottieTimeout: Double? = Recorder.defaultLottieTimeout

    /// The default of `--lottie-timeout`: seconds a recording waits for one Lottie frame (the
    /// one place this number is written).
    nonisolated public static let defaultLottieTimeout = 5.0

    public init(renderer: CairoRenderer) { self.renderer = renderer }

    public static func frameName(_ i: Int) -> String {
        let s = String(i)
        return "frame-" + String(repeating: "0", count: max(0, 5 - s.count)) + s + ".png"
    }

    /// Records `scenario` into `out` (a folder). Nothing appears in `out` unless the whole run succeeds.
    @discardableResult
    public func record(_ scenario: Scenario, to out: URL, options: RecordOptions = RecordOptions()) async throws -> RecordResult {
        let dir = try OutputDirectory(destination: out)
        do {
            var names = ["trace.jsonl"]
            if options.pictures { names += options.writePNG ? ["plot.png", "contact-sheet.png"] : ["plot.png"] }
            if options.writePNG { names += (0..<scenario.frameCount).map(Self.frameName) }
            try dir.preflight(willWrite: names)
            let result = try await run(scenario, staging: dir, options: options)
            try dir.commit()
            return result
        } catch {
            dir.discard()
            // Name the folder the user typed, never the hidden staging folder.
            let text = "\(error)"
            if text.contains(dir.staging.path) { throw RecordingError(text.replacingOccurrences(of: dir.staging.path, with: out.path)) }
            throw error
        }
    }

    /// Runs the scenario; `frame` is called with each frame's pixels (nil pixels with --no-png).
    /// With `render` false no pixels are drawn (trace-only runs) and `frame` gets nil.
    public func drive(
        _ scenario: Scenario, render: Bool = true,
        frame: @MainActor (Int, Double, Session, ImageSurface?) async throws -> Void
    ) async throws {
        try await step(scenario, render: { render && $0.frame != nil }) { instant, session, surface in
            if let i = instant.frame { try await frame(i, instant.t, session, surface) }
        }
    }

    private func run(_ scenario: Scenario, staging dir: OutputDirectory, options: RecordOptions) async throws -> RecordResult {
        var trace: [String] = []
        trace.reserveCapacity(scenario.frameCount)
        let bar = ProgressBar(total: scenario.frameCount, label: "record", enabled: options.progress && isatty(2) != 0)
        let pictures = options.pictures ? RecordingPictures(scenario: scenario, contactSheet: options.writePNG) : nil
        // A frame whose pixels equal the previous frame's (content at rest) is not encoded again:
        // its file is a copy of that frame's, made once all encodes are done.
        var previousIndex: Int?
        var copies: [(from: Int, to: Int)] = []
        // Frames are encoded and written by one encoder thread per core while this thread renders
        // the next ones, at most `maxFramesInFlight` waiting or encoding at a time (bounded memory);
        // the first failure ends the run at the next frame handed over.
        var pipeline: FrameEncodePipeline?
        do {
            try await drive(scenario, render: options.writePNG) { i, t, session, surface in
                let fields = session.traceFields()
                trace.append(TraceLine.json(frame: i, t: t, fields: fields))
                try pictures?.add(frame: i, t: t, fields: fields, surface: options.writePNG ? surface : nil)
                onFrame?(i, t, session)
                if options.writePNG, let surface {
                    if pipeline == nil {
                        pipeline = FrameEncodePipeline(
                            width: surface.width, height: surface.height, stride: surface.stride,
                            slots: max(1, options.maxFramesInFlight),
                            workers: options.encoderThreads ?? ProcessInfo.processInfo.activeProcessorCount)
                    }
                    let path = dir.url(Self.frameName(i)).path
                    if let pipeline, pipeline.accepts(surface) {
                        if let p = previousIndex, pipeline.isSameAsPrevious(surface) {
                            copies.append((p, i))
                        } else {
                            try pipeline.submit(surface, path: path)
                            previousIndex = i
                        }
                    } else {
                        // Another size than the first frame's: written here, compared with nothing.
                        try surface.snapshot().writePNG(to: path)
                        pipeline?.forgetPrevious()
                        previousIndex = nil
                    }
                }
                bar.update(i + 1)
            }
            // The trace, the plot and the contact sheet are written while the last frames encode.
            let text = trace.joined(separator: "\n") + "\n"
            guard FileTree.write(Array(text.utf8), to: dir.url("trace.jsonl").path) else {
                throw RecordingError("cannot write trace.jsonl: \(String(cString: strerror(errno)))")
            }
            try pictures?.write(into: dir.staging)
            try pipeline?.finish()
        } catch {
            pipeline?.cancel()
            throw error
        }
        bar.finish()
        for c in copies {
            // A hard link where the file system allows it (same bytes, no copy), else a copy.
            let from = dir.url(Self.frameName(c.from)).path, to = dir.url(Self.frameName(c.to)).path
            if link(from, to) != 0 {
                guard let bytes = FileTree.read(from), FileTree.write(bytes, to: to) else {
                    throw RecordingError("cannot write \(Self.frameName(c.to)): \(String(cString: strerror(errno)))")
                }
            }
        }
        return RecordResult(frames: scenario.frameCount, traceLines: trace)
    }
}
