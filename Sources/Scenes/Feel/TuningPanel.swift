import ScrollEngine

/// What the tuning panel is asked to do: the window translates its keys and pointer into these
/// (T toggles it; while it is open, Tab/Shift+Tab, ←/→ with Shift for fine steps, S, R, and the
/// pointer on a slider).
public enum TuningInput: Sendable, Equatable {
    case next, previous
    /// ← (-1) or → (+1); `fine`: a tenth of a step.
    case step(Double, fine: Bool)
    case press(Point), drag(Point), release
    case save, revert
}

/// The tuning panel (T in the window): a slider per number of the current feel — and per
/// choice, in steps —, each with its value and unit. Pure: it holds the feel being tuned and
/// draws itself as display-list commands; the window applies its feel at once and saves it.
public struct TuningPanel: Sendable, Equatable {
    /// The feel as the sliders set it.
    public private(set) var feel: Feel
    /// The feel R goes back to: the one last loaded or saved.
    public var baseline: Feel
    /// The row with the keyboard focus.
    public private(set) var focus = 0
    /// The row a pointer drags, while it does.
    public private(set) var dragging: Int?
    /// A line under the title (where the file was saved, why it was not).
    public var status: String?

    public init(feel: Feel) {
        self.feel = feel
        baseline = feel
    }

    public static func == (a: TuningPanel, b: TuningPanel) -> Bool {
        a.feel == b.feel && a.baseline == b.baseline && a.focus == b.focus && a.dragging == b.dragging && a.status == b.status
    }

    /// The rows: every number and choice of the feel's profile (a path and a Lottie segment,
    /// texts, have no slider).
    public var fields: [FeelField] {
        FeelFields.fields(for: feel.physicsName).filter {
            switch $0.kind {
            case .number, .choice: true
            case .text, .segment: false
            }
        }
    }

    // MARK: layout (points, in the window)

    public static let margin = 8.0
    public static let top = 52.0
    public static let padding = 10.0
    public static let headerHeight = 34.0
    public static let rowHeight = 30.0
    public static let trackInset = 4.0
    public static let fontSize = 11.0

    func panelRect(_ size: Size) -> Rect {
        let height = Self.headerHeight + Double(fields.count) * Self.rowHeight + 2 * Self.padding
        return Rect(x: Self.margin, y: Self.top, width: max(120, size.width - 2 * Self.margin), height: height)
    }

    /// The slider track of `row`: a horizontal segment (y is its centre line).
    func track(_ row: Int, _ size: Size) -> (x0: Double, x1: Double, y: Double) {
        let p = panelRect(size)
        let y = p.y + Self.padding + Self.headerHeight + Double(row) * Self.rowHeight + 21
        return (p.x + Self.padding + Self.trackInset, p.x + p.width - Self.padding - Self.trackInset, y)
    }

    /// The row under `point` and the slider position there (0…1), nil outside the rows.
    public func hit(_ point: Point, size: Size) -> (row: Int, fraction: Double)? {
        let p = panelRect(size)
        guard point.x >= p.x, point.x <= p.x + p.width, point.y >= p.y, point.y <= p.y + p.height else { return nil }
        let rowTop = p.y + Self.padding + Self.headerHeight
        let row = Int(((point.y - rowTop) / Self.rowHeight).rounded(.down))
        guard row >= 0, row < fields.count else { return nil }
        let t = track(row, size)
        return (row, min(max((point.x - t.x0) / (t.x1 - t.x0), 0), 1))
    }

    /// True when `point` is on the panel (the window keeps such pointer events from the scene).
    public func contains(_ point: Point, size: Size) -> Bool {
        let p = panelRect(size)
        return point.x >= p.x && point.x <= p.x + p.width && point.y >= p.y && point.y <= p.y + p.height
    }

    // MARK: slider scale

    /// A range this wide (upper/lower ≥ 1000, lower > 0) is shown on a logarithmic slider.
    static func isLogarithmic(_ range: ClosedRange<Double>) -> Bool { range.lowerBound > 0 && range.upperBound / range.lowerBound >= 1000 }

    /// A rate just under 1 over three decades of its distance to 1 (the deceleration rate,
    /// 0.5…0.99999) is shown on a logarithmic slider of that distance: on a linear one, 10 px
    /// went from 0.998 to 0.984, from the normal to the fast deceleration.
    static func isRateNearOne(_ range: ClosedRange<Double>) -> Bool {
        range.lowerBound >= 0 && range.upperBound < 1 && (1 - range.lowerBound) / (1 - range.upperBound) >= 1000
    }

    /// The log scale of the distance to 1 of a rate in `range` (`isRateNearOne`).
    static func distanceScale(_ range: ClosedRange<Double>) -> LogScale { LogScale(1 - range.upperBound, 1 - range.lowerBound) }

    /// Where `value` sits on the slider of `field` (0…1).
    public static func fraction(of value: FeelValue, in field: FeelField) -> Double {
        switch (field.kind, value) {
        case let (.number(range, _, _), .number(x)):
            if let off = field.off {
                // The off value at the left end, the range after it.
                return x == off ? 0 : min(max((x - off) / (range.upperBound - off), 0), 1)
            }
            if isLogarithmic(range) {
                return min(max(LogScale(range.lowerBound, range.upperBound).fraction(of: x), 0), 1)
            }
            if isRateNearOne(range) { return min(max(1 - distanceScale(range).fraction(of: 1 - x), 0), 1) }
            return min(max((x - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
        case let (.choice(names), .text(s)):
            guard names.count > 1, let i = names.firstIndex(of: s) else { return 0 }
            return Double(i) / Double(names.count - 1)
        default: return 0
        }
    }

    /// The value of `field` at slider position `fraction`, rounded to a tenth of its step and
    /// kept inside its range.
    public static func value(at fraction: Double, in field: FeelField) -> FeelValue? {
        let f = min(max(fraction, 0), 1)
        switch field.kind {
        case let .number(range, _, _):
            if let off = field.off {
                // Left of the range's low end: off nearer the left end, the low end nearer the range.
                let raw = off + f * (range.upperBound - off)
                if raw < range.lowerBound { return .number(raw < (off + range.lowerBound) / 2 ? off : range.lowerBound) }
                return field.stepped(.number(raw), by: 0)
            }
            let raw =
                isLogarithmic(range)
                ? LogScale(range.lowerBound, range.upperBound).value(at: f)
                : isRateNearOne(range)
                    ? 1 - distanceScale(range).value(at: 1 - f)
                    : range.lowerBound + f * (range.upperBound - range.lowerBound)
            return field.stepped(.number(raw), by: 0)
        case let .choice(names):
            guard !names.isEmpty else { return nil }
            return .text(names[Int((f * Double(names.count - 1)).rounded())])
        case .text, .segment: return nil
        }
    }

    // MARK: input

    /// Handles `input`; returns true when the feel changed (the window applies it at once).
    /// Save and revert are the window's (they touch the file); revert is also `revert()`.
    @discardableResult
    public mutating func handle(_ input: TuningInput, size: Size) -> Bool {
        let rows = fields
        guard !rows.isEmpty else { return false }
        switch input {
        case .next: focus = (focus + 1) % rows.count
        case .previous: focus = (focus - 1 + rows.count) % rows.count
        case let .step(direction, fine):
            let f = rows[min(focus, rows.count - 1)]
            return set(f, f.stepped(f.get(feel), by: fine ? direction / 10 : direction))
        case let .press(p):
            guard let (row, fraction) = hit(p, size: size) else { return false }
            focus = row
            dragging = row
            return Self.value(at: fraction, in: rows[row]).map { set(rows[row], $0) } ?? false
        case let .drag(p):
            guard let row = dragging, row < rows.count else { return false }
            let t = track(row, size)
            let fraction = (p.x - t.x0) / (t.x1 - t.x0)
            return Self.value(at: fraction, in: rows[row]).map { set(rows[row], $0) } ?? false
        case .release: dragging = nil
        case .save, .revert: break
        }
        return false
    }

    /// The feel file was loaded again (saved by hand, or by S): it is both the feel and the baseline.
    public mutating func reset(to feel: Feel) {
        self.feel = feel
        baseline = feel
        focus = min(focus, max(fields.count - 1, 0))
    }

    /// R: back to the baseline; true when that changed the feel.
    public mutating func revert() -> Bool {
        let changed = feel != baseline
        feel = baseline
        focus = min(focus, max(fields.count - 1, 0))
        return changed
    }

    private mutating func set(_ field: FeelField, _ value: FeelValue) -> Bool {
        guard field.problem(with: value) == nil, field.get(feel) != value else { return false }
        field.set(&feel, value)
        // A new profile has other rows: keep the focus on one.
        focus = min(focus, max(fields.count - 1, 0))
        return true
    }

    // MARK: drawing

    /// The value as the panel shows it: `0.998`, `80 pt`, `seed`.
    public static func shown(_ value: FeelValue, unit: String) -> String {
        switch value {
        case let .number(x):
            let rounded = (x * 10000).rounded() / 10000
            return FeelText.number(rounded) + (unit.isEmpty ? "" : " \(unit)")
        case let .text(s): return s
        }
    }

    /// The line under the title when there is no status: what the focused field does, then the keys.
    var hint: String {
        let rows = fields
        let keys = "Tab ⇧Tab move · ←/→ change (⇧ fine) · S save · R revert · T close"
        guard focus < rows.count else { return keys }
        return rows[focus].help + " · " + keys
    }

    /// The panel's display list in a window of `size`, in `theme`'s colours.
    public func commands(size: Size, theme: Theme) -> [DrawCommand] {
        let p = panelRect(size)
        let rows = fields
        var c: [DrawCommand] = [
            .fill(Rect(x: -0.5, y: -0.5, width: p.width + 1, height: p.height + 1), theme.separator, cornerRadius: 10.5),
            .fill(Rect(x: 0, y: 0, width: p.width, height: p.height), theme.overlayBackground.withAlpha(1), cornerRadius: 10),
            .text(
                "Tuning · \(feel.physicsName) physics" + (feel == baseline ? "" : " · unsaved changes"),
                Rect(x: Self.padding, y: Self.padding, width: p.width - 2 * Self.padding, height: 16),
                TextStyle(size: 13, weight: .semibold, color: theme.overlayText)),
            .text(
                status ?? hint,
                Rect(x: Self.padding, y: Self.padding + 17, width: p.width - 2 * Self.padding, height: 14),
                TextStyle(size: 10, color: status == nil ? theme.subtitle : theme.accent))
        ]
        for (i, f) in rows.enumerated() {
            let value = f.get(feel)
            let rowY = Self.padding + Self.headerHeight + Double(i) * Self.rowHeight
            let focused = i == focus
            if focused {
                c.append(
                    .fill(
                        Rect(x: 3, y: rowY - 1, width: p.width - 6, height: Self.rowHeight - 1), theme.accent.withAlpha(0.14),
                        cornerRadius: 6))
            }
            if value != f.get(baseline) {
                // Changed since the file was loaded or saved (R takes it back, S keeps it).
                c.append(.fill(Rect(x: 3, y: rowY + 5, width: 5, height: 5), theme.accent, cornerRadius: 2.5))
            }
            let labelStyle = TextStyle(size: Self.fontSize, weight: focused ? .semibold : .regular, color: theme.overlayText)
            c.append(.text(f.name, Rect(x: Self.padding, y: rowY + 1, width: p.width * 0.62, height: 14), labelStyle))
            let shown = f.off.map { FeelValue.number($0) } == value ? "off" : Self.shown(value, unit: f.unit)
            c.append(
                .text(
                    shown, Rect(x: p.width * 0.55, y: rowY + 1, width: p.width * 0.45 - Self.padding, height: 14),
                    TextStyle(size: Self.fontSize, weight: .semibold, color: focused ? theme.accent : theme.overlayText, alignment: .right))
            )
            let t = track(i, size)
            let (x0, x1, y) = (t.x0 - p.x, t.x1 - p.x, t.y - p.y)
            let knob = x0 + Self.fraction(of: value, in: f) * (x1 - x0)
            c.append(.capsule(from: Point(x0, y), to: Point(x1, y), color: theme.separator, width: 3))
            c.append(.capsule(from: Point(x0, y), to: Point(knob, y), color: theme.accent, width: 3))
            c.append(.fill(Rect(x: knob - 5, y: y - 5, width: 10, height: 10), focused ? theme.accent : theme.overlayText, cornerRadius: 5))
        }
        return [.group(opacity: 1, translate: Point(p.x, p.y), scale: 1, anchor: Point(0, 0), clip: nil, c)]
    }
}
