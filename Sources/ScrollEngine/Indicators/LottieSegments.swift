/// Which part of a Lottie file the indicator plays while pulling, while refreshing and for the
/// finish (the "done" state), as the user names it: a marker of the file (lottie-ios plays a
/// marker's range; rlottie lists them) or a range of frames. `--lottie-pull`/`--lottie-loop`/
/// `--lottie-finish`, scenario `indicator.segments`.
public enum LottieSegmentChoice: Sendable, Equatable, CustomStringConvertible {
    /// The marker with this name (`cm`): its frames `tm` … `tm + dr − 1` (`tm` alone when `dr` is 0).
    case marker(String)
    /// Composition frames `from` … `to`, both included (the numbers an editor shows; the file's
    /// in-point is frame `ip`).
    case frames(from: Int, to: Int)

    /// `A-B` (two whole numbers, A ≤ B) is a frame range; anything else non-empty a marker name.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0 {
            guard a <= b else { return nil }
            self = .frames(from: a, to: b)
            return
        }
        guard !text.isEmpty else { return nil }
        self = .marker(text)
    }

    public var description: String {
        switch self {
        case let .marker(name): return "marker '\(name)'"
        case let .frames(a, b): return "frames \(a)-\(b)"
        }
    }
}

/// The three choices; nil plays the whole file as without segments (the pull scrubs it, the loop
/// repeats it; a finish with no segment is the vector check mark).
public struct LottieSegmentChoices: Sendable, Equatable {
    public var pull: LottieSegmentChoice?
    public var loop: LottieSegmentChoice?
    public var finish: LottieSegmentChoice?
    public init(pull: LottieSegmentChoice? = nil, loop: LottieSegmentChoice? = nil, finish: LottieSegmentChoice? = nil) {
        self.pull = pull; self.loop = loop; self.finish = finish
    }
    public var isEmpty: Bool { pull == nil && loop == nil && finish == nil }
    /// Each choice with its role's name, in order.
    public var named: [(role: String, choice: LottieSegmentChoice)] {
        [("pull", pull), ("loop", loop), ("finish", finish)].compactMap { r, c in c.map { (r, $0) } }
    }
}

/// A marker as the loaded file lists it: name and composition frames (`tm`, `tm + dr`).
public struct LottieMarker: Sendable, Equatable {
    public var name: String
    public var start: Int
    public var end: Int
    public init(name: String, start: Int, end: Int) { self.name = name; self.start = start; self.end = end }
}

/// The choices resolved against a loaded file: ranges of the renderer's frames (0 … frameCount − 1,
/// relative to the in-point), both ends included.
public struct LottieSegments: Sendable, Equatable {
    public var pull: ClosedRange<Int>?
    public var loop: ClosedRange<Int>?
    public var finish: ClosedRange<Int>?
    public init(pull: ClosedRange<Int>? = nil, loop: ClosedRange<Int>? = nil, finish: ClosedRange<Int>? = nil) {
        self.pull = pull; self.loop = loop; self.finish = finish
    }

    /// Why a choice cannot be resolved (an unknown marker, frames outside the file), one line.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Resolves `choices` against a file with `markers`, in-point `inPoint` (composition frame of
    /// frame 0) and `frameCount` frames.
    public static func resolve(
        _ choices: LottieSegmentChoices, markers: [LottieMarker], inPoint: Int,
        frameCount: Int
    ) throws(Problem) -> LottieSegments {
        func range(_ role: String, _ choice: LottieSegmentChoice?) throws(Problem) -> ClosedRange<Int>? {
            guard let choice else { return nil }
            let from: Int, to: Int
            switch choice {
            case let .marker(name):
                guard let m = markers.first(where: { $0.name == name }) else {
                    let known =
                        markers.isEmpty ? "the file has no markers" : "markers: " + markers.map { "'\($0.name)'" }.joined(separator: ", ")
                    throw Problem(description: "\(role) segment: no marker '\(name)' (\(known))")
                }
                from = m.start; to = max(m.start, m.end - 1)
            case let .frames(a, b):
                from = a; to = b
            }
            // Overflow-checked: a file's frame count or marker may be as large as Int allows.
            let first = inPoint, (last, overflow) = inPoint.addingReportingOverflow(frameCount - 1)
            guard from >= first, overflow || to <= last else {
                throw Problem(
                    description: "\(role) segment: \(choice) (frames \(from)-\(to)) is outside the animation's frames \(first)-\(last)")
            }
            return (from - inPoint)...(to - inPoint)
        }
        return LottieSegments(
            pull: try range("pull", choices.pull), loop: try range("loop", choices.loop),
            finish: try range("finish", choices.finish))
    }

    /// The frame of the pull segment for pull progress 0…1 (its first … its last frame).
    public static func pullFrame(_ r: ClosedRange<Int>, progress: Double) -> Int {
        let p = min(max(progress.isFinite ? progress : 0, 0), 1)
        return r.lowerBound + Int((p * Double(r.count - 1)).rounded())
    }

    /// The frame of the loop segment `elapsed` seconds into the loop at `frameRate`, repeating.
    public static func loopFrame(_ r: ClosedRange<Int>, elapsed: Double, frameRate: Double) -> Int {
        guard elapsed.isFinite, elapsed > 0, frameRate > 0 else { return r.lowerBound }
        let n = (elapsed * frameRate + 1e-9).rounded(.down)
        return r.lowerBound + Int(n.truncatingRemainder(dividingBy: Double(r.count)))
    }

    /// The frame of the finish segment `elapsed` seconds after it began: played once, then held on its last frame.
    public static func finishFrame(_ r: ClosedRange<Int>, elapsed: Double, frameRate: Double) -> Int {
        guard elapsed.isFinite, elapsed > 0, frameRate > 0 else { return r.lowerBound }
        let n = (elapsed * frameRate + 1e-9).rounded(.down)
        return n >= Double(r.count - 1) ? r.upperBound : r.lowerBound + Int(n)
    }
}
