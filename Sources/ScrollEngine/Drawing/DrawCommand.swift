/// Text weight of a `TextStyle`.
public enum FontWeight: Sendable, Equatable { case regular, semibold, bold }

/// Horizontal alignment of text in its box.
public enum TextAlignment: Sendable, Equatable { case left, center, right }

/// How a piece of text looks. `size` in points.
public struct TextStyle: Sendable, Equatable {
    public var size: Double
    public var weight: FontWeight
    public var color: Color
    public var alignment: TextAlignment
    public init(size: Double, weight: FontWeight = .regular, color: Color = .black, alignment: TextAlignment = .left) {
        self.size = size; self.weight = weight; self.color = color; self.alignment = alignment
    }
}

/// A stroked circular arc (the spinner). Angles in radians, 0 = 3 o'clock, clockwise
/// (cairo's convention with y down). Round caps.
public struct ArcStroke: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    public var lineWidth: Double
    public var startAngle: Double
    public var endAngle: Double
    public var color: Color
    public init(center: Point, radius: Double, lineWidth: Double, startAngle: Double, endAngle: Double, color: Color) {
        self.center = center; self.radius = radius; self.lineWidth = lineWidth
        self.startAngle = startAngle; self.endAngle = endAngle; self.color = color
    }
}

/// A Lottie animation frame drawn into `rect` (aspect fit), in scrubbing or looping mode.
public struct LottieFrame: Sendable, Equatable {
    /// Which part of the animation to show.
    public enum Mode: Sendable, Equatable {
        /// A fixed position, 0…1 of the animation (first … last frame).
        case scrub(Double)
        /// Playing at the file's frame rate, `elapsedSeconds` after the loop started.
        case loop(elapsedSeconds: Double)
        /// One frame (0 … frameCount − 1, clamped): a segment's frame chosen by the indicator;
        /// `playing`: the segment it plays through (the window renders its next frames ahead).
        case frame(Int, playing: ClosedRange<Int>? = nil)
    }

    public var animation: LottieAnimationInfo
    public var mode: Mode
    public var rect: Rect
    /// Optional colour that replaces every colour of the animation (its alpha is kept).
    public var tint: Color?
    /// Drawn instead when the animation cannot be drawn (file dropped, or no image in time).
    public var fallback: [DrawCommand]

    public init(animation: LottieAnimationInfo, mode: Mode, rect: Rect, tint: Color?, fallback: [DrawCommand] = []) {
        self.animation = animation; self.mode = mode; self.rect = rect; self.tint = tint; self.fallback = fallback
    }

    /// The animation frame (0 … frameCount − 1) this command shows.
    public var frameIndex: Int { animation.frame(for: mode) }
}

/// One instruction of a frame's display list. Coordinates in points.
public indirect enum DrawCommand: Sendable, Equatable {
    case fill(Rect, Color, cornerRadius: Double)
    /// Text laid out in the box (wrapped to its width), vertically centred.
    case text(String, Rect, TextStyle)
    case line(from: Point, to: Point, color: Color, width: Double)
    /// A straight stroke with round caps (a spoke of the iOS activity indicator).
    case capsule(from: Point, to: Point, color: Color, width: Double)
    case arc(ArcStroke)
    case lottie(LottieFrame)
    /// Children drawn with an opacity, translated, scaled about `anchor`, and clipped.
    case group(opacity: Double, translate: Point, scale: Double, anchor: Point, clip: Rect?, [DrawCommand])
    /// Children stretched vertically by `scaleY` about the line `anchorY` (Android's stretch
    /// overscroll: the content stretched toward the pulled edge).
    case stretch(scaleY: Double, anchorY: Double, [DrawCommand])
    /// A filled polygon through `points` (the arrow of the Material refresh indicator).
    case polygon([Point], Color)
}

/// Everything the renderer needs to draw one frame, in points.
public struct FrameModel: Sendable, Equatable {
    public var size: Size
    public var background: Color
    public var commands: [DrawCommand]
    public init(size: Size, background: Color, commands: [DrawCommand]) {
        self.size = size; self.background = background; self.commands = commands
    }
}
