import Testing
@testable import Scenes
import ScrollEngine

/// Issue #31: the feel holds the refresh details too — the done state's minimum time, the
/// trigger distance as a fraction of the viewport (0: off), the Lottie's segments — and every
/// field the issue lists is in the table.
struct FeelRefreshFieldsTests {
    @Test func everyFieldTheIssueListsIsInTheTable() {
        let names = Set(FeelFields.all.map(\.name))
        for name in [
            "physics.profile", "physics.decelerationRate", "physics.rubberBand", "physics.springMass",
            "physics.springStiffness", "physics.springDamping", "physics.minimumFlingVelocity", "physics.wheelStep",
            "coordinator.triggerDistance", "refreshable.triggerDistance", "refresh.triggerFraction",
            "coordinator.lockHeight", "coordinator.hysteresis", "refresh.doneSeconds", "refresh.timeout",
            "spinner.style", "spinner.size", "spinner.lineWidth", "spinner.rotationPeriod", "spinner.trim",
            "lottie.file", "lottie.pull", "lottie.loop", "lottie.finish", "theme"
        ] {
            #expect(names.contains(name), "\(name)")
        }
        for f in FeelFields.all { #expect(!f.help.isEmpty, "\(f.name)") }
    }

    @Test func theDefaultsAreTheProfilesAndTheRefreshOwn() {
        let feel = Feel()
        #expect(FeelFields.field(named: "physics.minimumFlingVelocity")!.get(feel) == .number(PhysicsProfile().minimumFlingVelocity))
        #expect(FeelFields.field(named: "refresh.doneSeconds")!.get(feel) == .number(RefreshBehaviour().doneSeconds))
        #expect(FeelFields.field(named: "refresh.triggerFraction")!.get(feel) == .number(0))
        for role in ["pull", "loop", "finish"] { #expect(FeelFields.field(named: "lottie.\(role)")!.get(feel) == .text("")) }
    }

    @Test func theNewFieldsReachTheSceneOptions() {
        var feel = Feel()
        FeelFields.field(named: "refresh.doneSeconds")!.set(&feel, .number(0.6))
        FeelFields.field(named: "refresh.triggerFraction")!.set(&feel, .number(0.15))
        FeelFields.field(named: "lottie.pull")!.set(&feel, .text("pull"))
        FeelFields.field(named: "lottie.loop")!.set(&feel, .text("10-29"))
        var o = SceneOptions()
        feel.apply(to: &o)
        #expect(o.refresh.doneSeconds == 0.6)
        #expect(o.refresh.triggerFraction == 0.15)
        #expect(o.indicator.lottieSegments == LottieSegmentChoices(pull: .marker("pull"), loop: .frames(from: 10, to: 29)))
        #expect(FeelFields.field(named: "lottie.loop")!.get(feel) == .text("10-29"))
        // 0 switches the fraction off: the fixed distances.
        FeelFields.field(named: "refresh.triggerFraction")!.set(&feel, .number(0))
        feel.apply(to: &o)
        #expect(o.refresh.triggerFraction == nil)
    }

    @Test func theFractionTakesZeroForOffAndNothingBetweenItAndItsRange() {
        let f = FeelFields.field(named: "refresh.triggerFraction")!
        #expect(f.problem(with: .number(0)) == nil)
        #expect(f.problem(with: .number(0.01)) == nil && f.problem(with: .number(1)) == nil)
        #expect(f.problem(with: .number(0.005))?.contains("or 0 for off") == true)
        #expect(f.problem(with: .number(1.5)) != nil)
        #expect(f.stepped(.number(0), by: 1) == .number(0.01))
        #expect(f.stepped(.number(0.01), by: -1) == .number(0))
        #expect(f.stepped(.number(0), by: -1) == .number(0))
        #expect(FeelText.accepts(f).hasPrefix("`0` (off) or 0.01…1"))
        // The panel's slider: off at the left end, the range after it.
        #expect(TuningPanel.value(at: 0, in: f) == .number(0))
        #expect(TuningPanel.value(at: 1, in: f) == .number(1))
        #expect(TuningPanel.fraction(of: .number(0), in: f) == 0)
        if case let .number(x)? = TuningPanel.value(at: 0.5, in: f) { #expect(abs(x - 0.5) < 0.001) } else { Issue.record("no value") }
    }

    @Test func segmentsTakeAMarkerOrAFrameRange() {
        let f = FeelFields.field(named: "lottie.finish")!
        #expect(f.problem(with: .text("")) == nil)
        #expect(f.problem(with: .text("done")) == nil)
        #expect(f.problem(with: .text("30-59")) == nil)
        #expect(f.problem(with: .text("59-30")) != nil)
        #expect(f.problem(with: .number(3)) != nil)
        // No slider for a text.
        #expect(!TuningPanel(feel: Feel()).fields.contains { $0.name.hasPrefix("lottie.") })
        #expect(TuningPanel(feel: Feel()).fields.contains { $0.name == "refresh.triggerFraction" })
    }
}

/// The panel names the fraction's off value "off", not "0 fraction".
struct FeelOffInThePanelTests {
    @Test func theTriggerFractionsOffReadsOff() {
        func texts(_ feel: Feel) -> [String] {
            var out: [String] = []
            func walk(_ c: [DrawCommand]) {
                for x in c {
                    if case let .text(s, _, _) = x { out.append(s) }
                    if case let .group(_, _, _, _, _, inner) = x { walk(inner) }
                }
            }
            walk(TuningPanel(feel: feel).commands(size: Size(390, 844), theme: .light))
            return out
        }
        #expect(texts(Feel()).contains("off"))
        var on = Feel()
        on.triggerFraction = 0.2
        #expect(!texts(on).contains("off") && texts(on).contains("0.2 fraction"))
    }
}
