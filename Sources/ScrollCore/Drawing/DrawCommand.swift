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

/// A Lottie animation frame drawn into `rect` (aspect fit).
public struct LottieFrame: Sendable, Equatable {
    public var path: String
    /// Position in the animation, 0…1 of its duration.
    public var position: Double
    public var rect: Rect
    /// Optional colour that replaces every fill and stroke colour.
    public var tint: Color?
    public init(path: String, position: Double, rect: Rect, tint: Color?) {
        self.path = path; self.position = position; self.rect = rect; self.tint = tint
    }
}

/// One instruction of a frame's display list. Coordinates in points.
public indirect enum DrawCommand: Sendable, Equatable {
    case fill(Rect, Color, cornerRadius: Double)
    /// Text laid out in the box (wrapped to its width), vertically centred.
    case text(String, Rect, TextStyle)
    case line(from: Point, to: Point, color: Color, width: Double)
    case arc(ArcStroke)
    case lottie(LottieFrame)
    /// Children drawn with an opacity, translated, scaled about `anchor`, and clipped.
    case group(opacity: Double, translate: Point, scale: Double, anchor: Point, clip: Rect?, [DrawCommand])
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
