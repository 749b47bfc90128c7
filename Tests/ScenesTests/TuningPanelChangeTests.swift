import Testing

@testable import Scenes
@testable import ScrollEngine

/// Issue #44, item 6: the tuning panel says what changed and what a field does, the deceleration
/// rate has a slider that fits it, and values are kept at the field's precision.
struct TuningPanelChangeTests {
    static let size = Size(390, 844)

    func texts(_ panel: TuningPanel) -> [String] {
        func walk(_ c: [DrawCommand]) -> [String] {
            c.flatMap { command -> [String] in
                switch command {
                case let .text(s, _, _): return [s]
                case let .group(_, _, _, _, _, inner): return walk(inner)
                default: return []
                }
            }
        }
        return walk(panel.commands(size: Self.size, theme: .light))
    }

    func fills(_ panel: TuningPanel) -> Int {
        func walk(_ c: [DrawCommand]) -> Int {
            c.reduce(0) { n, command in
                switch command {
                case .fill: return n + 1
                case let .group(_, _, _, _, _, inner): return n + walk(inner)
                default: return n
                }
            }
        }
        return walk(panel.commands(size: Self.size, theme: .light))
    }

    @Test func aChangedValueIsMarkedAndTheTitleSaysUnsavedUntilSavedOrReverted() {
        var panel = TuningPanel(feel: Feel())
        panel.handle(.next, size: Self.size)  // past the profile (a new one has other rows)
        let before = fills(panel)
        #expect(!texts(panel).contains { $0.contains("unsaved") })
        let changed = panel.handle(.step(1, fine: false), size: Self.size)
        #expect(changed)
        #expect(texts(panel).first { $0.hasPrefix("Tuning") }?.hasSuffix("· unsaved changes") == true)
        #expect(fills(panel) == before + 1, "one marker, on the changed row")
        panel.baseline = panel.feel  // S saved it
        #expect(!texts(panel).contains { $0.contains("unsaved") } && fills(panel) == before)
        panel.handle(.step(1, fine: false), size: Self.size)
        let reverted = panel.revert()
        #expect(reverted && fills(panel) == before)
    }

    @Test func theLineUnderTheTitleSaysWhatTheFocusedFieldDoes() {
        var panel = TuningPanel(feel: Feel())
        for _ in 0..<3 {
            let field = panel.fields[panel.focus]
            #expect(texts(panel).contains { $0.hasPrefix(field.help + " · Tab") }, "\(field.name)")
            panel.handle(.next, size: Self.size)
        }
        panel.status = "saved to feel.json"
        #expect(texts(panel).contains("saved to feel.json"))
    }

    @Test func theDecelerationRateSliderMovesLittleNearItsUsualValues() throws {
        let field = try #require(FeelFields.all.first { $0.name == "physics.decelerationRate" })
        // 10 px of a 350 px track around the normal rate (0.998).
        let at = TuningPanel.fraction(of: .number(0.998), in: field)
        guard case let .number(right)? = TuningPanel.value(at: at + 10 / 350, in: field),
            case let .number(left)? = TuningPanel.value(at: at - 10 / 350, in: field)
        else { Issue.record("no value"); return }
        #expect(left > 0.997 && right < 0.9986, "\(left) … \(right) (linear: 0.984 … 1)")
        // Both ends still reachable, and 0.99 (UIKit's fast rate) between them.
        guard case let .number(bottom)? = TuningPanel.value(at: 0, in: field) else { return }
        #expect(bottom > 0.5 && bottom < 0.5001, "the low end, kept inside the exclusive range")
        guard case let .number(top)? = TuningPanel.value(at: 1, in: field) else { return }
        #expect(top > 0.9999 && top < 0.99999)
        #expect(TuningPanel.fraction(of: .number(0.99), in: field) < at)
    }

    @Test func steppedValuesAreTheDecimalsAPersonWouldWrite() throws {
        let field = try #require(FeelFields.all.first { $0.name == "physics.decelerationRate" })
        var value = FeelValue.number(0.998)
        for _ in 0..<40 {
            value = field.stepped(value, by: -0.1)
            guard case let .number(x) = value else { return }
            let text = FeelText.number(x)
            #expect(text.count <= 7, "\(text)")  // 0.99xxx: five decimals at most (a tenth of 0.0005)
        }
        #expect(FeelField.onGrid(19682 * 0.00005, unit: 0.00005) == 0.9841)
        #expect(FeelText.number(FeelField.onGrid(0.9841000000000001, unit: 0.00005)) == "0.9841")
        #expect(FeelField.onGrid(123.4, unit: 10) == 120)
    }
}
