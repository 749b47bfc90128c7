import Foundation
@testable import ScrollEngine

/// The contrast audit of a display list: each text (needs ≥ 4.5:1, AA) and each spinner stroke
/// (arcs and capsules, needs ≥ 3:1, non-text) against the colour under it.
///
/// The colour under an element is found by compositing, in display-list order, every fill drawn
/// before it that contains the element's centre (with group opacity and translation), over the
/// frame's background. Elements drawn at an opacity below 1 are measured with that opacity
/// (blended over what is under them).
extension Contrast {
    /// What one element is and the contrast it has.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable { case text, graphic }
        public var kind: Kind
        /// The text, or "arc"/"spoke".
        public var label: String
        public var ratio: Double
        public var foreground: Color
        public var background: Color
        /// AA minimum for its kind.
        public var required: Double { kind == .text ? 4.5 : 3 }
        public var passes: Bool { ratio >= required - 1e-9 }
        public var description: String {
            "\(kind == .text ? "text" : "graphic") '\(label)' \(String(format: "%.2f", ratio)):1 (needs \(required))"
        }
    }

    /// Every text and spinner element of `frame` with its contrast. Texts that are empty or
    /// whitespace, and elements fully outside the frame or fully transparent, are left out.
    public static func findings(_ frame: FrameModel) -> [Finding] {
        var fills: [(Rect, Color, Double)] = []
        var out: [Finding] = []
        let bounds = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        func under(_ p: Point) -> Color {
            var c = frame.background.withAlpha(1)
            for (r, color, opacity) in fills where p.x >= r.x && p.x <= r.maxX && p.y >= r.y && p.y <= r.maxY {
                c = over(color, c, opacity: opacity)
            }
            return c
        }
        func walk(_ commands: [DrawCommand], dx: Double, dy: Double, opacity: Double) {
            for cmd in commands {
                switch cmd {
                case let .fill(r, color, _):
                    fills.append((Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height), color, opacity))
                case let .text(s, r, style):
                    guard !s.trimmingCharacters(in: .whitespaces).isEmpty, opacity * style.color.a > 0.01 else { continue }
                    let box = Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height)
                    guard box.intersects(bounds) else { continue }
                    let bg = under(Point(box.x + box.width / 2, box.y + box.height / 2))
                    let fg = over(style.color, bg, opacity: opacity)
                    out.append(Finding(kind: .text, label: s, ratio: ratio(fg, bg), foreground: fg, background: bg))
                case let .arc(a):
                    graphic("arc", Point(a.center.x + dx, a.center.y + dy), a.color, opacity)
                case let .capsule(from, to, color, _):
                    graphic("spoke", Point((from.x + to.x) / 2 + dx, (from.y + to.y) / 2 + dy), color, opacity)
                case .line, .lottie, .polygon:
                    continue
                case let .group(o, t, _, _, _, children):
                    walk(children, dx: dx + t.x, dy: dy + t.y, opacity: opacity * o)
                case let .stretch(_, _, children):
                    walk(children, dx: dx, dy: dy, opacity: opacity)
                }
            }
        }
        func graphic(_ label: String, _ p: Point, _ color: Color, _ opacity: Double) {
            guard opacity * color.a > 0.01, p.x >= 0, p.y >= 0, p.x <= bounds.maxX, p.y <= bounds.maxY else { return }
            let bg = under(p)
            let fg = over(color, bg, opacity: opacity)
            out.append(Finding(kind: .graphic, label: label, ratio: ratio(fg, bg), foreground: fg, background: bg))
        }
        walk(frame.commands, dx: 0, dy: 0, opacity: 1)
        return out
    }
}
