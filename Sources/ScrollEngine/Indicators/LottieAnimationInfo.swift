/// What the indicator needs to know about a loaded Lottie file (the Rendering loader fills it).
/// Frames follow rlottie 0.1: API frames 0 … frameCount − 1, relative to the file's in-point.
public struct LottieAnimationInfo: Sendable, Equatable {
    /// The file, as given by the user or the asset locator.
    public var path: String
    /// Number of frames (≥ 1).
    public var frameCount: Int
    /// Frames per second (> 0).
    public var frameRate: Double
    /// Canvas size in the file's units (for aspect fit).
    public var width: Double
    public var height: Double
    /// The pull, loop and finish segments chosen for it (none by default: the whole file).
    public var segments = LottieSegments()

    public init(path: String, frameCount: Int, frameRate: Double, width: Double, height: Double) {
        self.path = path; self.frameCount = frameCount; self.frameRate = frameRate
        self.width = width; self.height = height
    }

    /// Seconds from the first to the last frame, (frameCount − 1) / frameRate.
    public var duration: Double { frameRate > 0 ? Double(max(frameCount - 1, 0)) / frameRate : 0 }

    /// The frame to show for `mode`: scrub positions map 0…1 onto the first…last frame; a loop
    /// shows frame ⌊elapsed × frameRate⌋ modulo the frame count.
    public func frame(for mode: LottieFrame.Mode) -> Int {
        guard frameCount > 1 else { return 0 }
        switch mode {
        case let .scrub(position):
            let p = min(max(position.isFinite ? position : 0, 0), 1)
            return Int((p * Double(frameCount - 1)).rounded())
        case let .loop(elapsed):
            guard elapsed.isFinite, elapsed > 0, frameRate > 0 else { return 0 }
            let f = (elapsed * frameRate + 1e-9).rounded(.down)
            return Int(f.truncatingRemainder(dividingBy: Double(frameCount)))
        case let .frame(n, _):
            return min(max(n, 0), frameCount - 1)
        }
    }
}
