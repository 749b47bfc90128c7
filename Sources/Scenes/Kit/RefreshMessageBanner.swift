import ScrollEngine

/// The one message a refresh that did not succeed leaves on screen (docs/BEHAVIOUR.md, "Refresh
/// messages"): a strip at the top of the scrolling area that slides in and pushes the content
/// down by its height, so it covers no row. A failure shows a red mark and the error in the
/// primary text colour; a cancel (Esc) shows a neutral "Cancelled". The text wraps to as many
/// lines as it needs (measured), so it is never cut. It goes away after `displaySeconds`, or as
/// soon as a new pull begins.
public struct RefreshMessageBanner: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case failure, cancelled }

    public var kind: Kind
    public var text: String
    /// When it appeared (scene seconds).
    public var shownAt: Double
    /// When it started to go away: `shownAt + displaySeconds`, or the start of the next pull.
    public var dismissedAt: Double

    /// Seconds the strip takes to slide in or out.
    public static let slideSeconds = 0.25
    public static let textSize = 15.0
    public static let verticalPadding = 12.0
    public static let horizontalInset = 16.0
    /// Diameter of the failure mark, and the gap after it.
    public static let markSize = 10.0
    public static let markGap = 10.0

    /// The banner for a refresh that ended with `failure` at `t`, shown for `displaySeconds`.
    public init(failure: RefreshFailure, at t: Double, displaySeconds: Double) {
        if failure.isCancellation {
            kind = .cancelled
            text = "Cancelled · 취소됨 · キャンセルしました"
        } else {
            kind = .failure
            text = "Couldn't refresh · 새로고침 실패 · 更新できませんでした: \(failure.message)"
        }
        shownAt = t
        dismissedAt = t + displaySeconds
    }

    /// Dismisses it at `t` (a new pull), if it is not already going.
    public mutating func dismiss(at t: Double) { dismissedAt = min(dismissedAt, max(t, shownAt)) }

    /// 0 (hidden) … 1 (fully in) at `t`: ease-out in, ease-in out.
    public func visibleFraction(at t: Double) -> Double {
        let s = Self.slideSeconds
        if t < shownAt { return 0 }
        if t < dismissedAt {
            let p = min(1, (t - shownAt) / s)
            let inFraction = Easing.easeOutCubic(p)
            return inFraction
        }
        let inAtDismiss = Easing.easeOutCubic(min(1, (dismissedAt - shownAt) / s))
        let p = min(1, (t - dismissedAt) / s)
        return inAtDismiss * (1 - Easing.easeInQuad(p))
    }

    /// True once it has gone completely.
    public func isGone(at t: Double) -> Bool { t >= dismissedAt + Self.slideSeconds }

    /// The next time it changes with no input (the start of its dismissal), or nil once that began.
    public func nextDeadline(after t: Double) -> Double? { t < dismissedAt ? dismissedAt : nil }

    public var textStyle: TextStyle { TextStyle(size: Self.textSize, weight: kind == .failure ? .semibold : .regular) }

    /// Width available to the text in a banner `width` points wide.
    public static func textWidth(_ kind: Kind, width: Double) -> Double {
        max(1, width - 2 * horizontalInset - (kind == .failure ? markSize + markGap : 0))
    }

    /// Full height of the strip for `width`: the wrapped text plus padding (points).
    public func height(width: Double, measurer: any TextMeasurer) -> Double {
        textHeight(width: width, measurer: measurer) + 2 * Self.verticalPadding
    }

    private func textHeight(width: Double, measurer: any TextMeasurer) -> Double {
        let h = measurer.measure(text, style: textStyle, width: Self.textWidth(kind, width: width)).height
        return (h + 2).rounded(.up)
    }

    /// The strip drawn with its top at `top`, shown `fraction` (it slides down from behind `top`).
    public func commands(width: Double, top: Double, fraction: Double, theme: Theme, measurer: any TextMeasurer) -> [DrawCommand] {
        guard fraction > 0 else { return [] }
        let h = height(width: width, measurer: measurer)
        let shown = h * fraction
        let textH = textHeight(width: width, measurer: measurer)
        var style = textStyle
        style.color = kind == .failure ? theme.title : theme.subtitle
        var x = Self.horizontalInset
        var children: [DrawCommand] = [.fill(Rect(x: 0, y: 0, width: width, height: h), theme.cellBackground, cornerRadius: 0)]
        if kind == .failure {
            children.append(
                .fill(
                    Rect(
                        x: x, y: Self.verticalPadding + (min(textH, 22) - Self.markSize) / 2,
                        width: Self.markSize, height: Self.markSize), theme.errorTint, cornerRadius: Self.markSize / 2))
            x += Self.markSize + Self.markGap
        }
        children.append(.text(text, Rect(x: x, y: Self.verticalPadding, width: Self.textWidth(kind, width: width), height: textH), style))
        children.append(.fill(Rect(x: 0, y: h - 0.5, width: width, height: 0.5), theme.separator, cornerRadius: 0))
        return [
            .group(
                opacity: 1, translate: Point(0, top + shown - h), scale: 1, anchor: Point(0, 0),
                clip: Rect(x: 0, y: h - shown, width: width, height: shown), children)
        ]
    }
}
