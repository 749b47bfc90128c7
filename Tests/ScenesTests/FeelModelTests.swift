import Testing
@testable import Scenes
import ScrollEngine

/// The feel model and its field table: the defaults are the scenes' numbers, every field reads
/// and writes what it names, and values are checked against the declared range.
struct FeelModelTests {
    @Test func defaultFeelAppliedChangesNoOption() {
        let before = SceneOptions()
        var after = SceneOptions()
        Feel().apply(to: &after)
        #expect(after.physics.name == before.physics.name)
        #expect(after.physics as? PhysicsProfile == before.physics as? PhysicsProfile)
        #expect(after.input == before.input)
        var held = before.coordinator
        held.lockHeight = held.threshold  // the feel writes the lock height out; the same gap
        #expect(after.coordinator == held)
        #expect(after.coordinator.effectiveLockHeight == before.coordinator.effectiveLockHeight)
        #expect(after.refreshable == before.refreshable)
        #expect(after.refresh == before.refresh)
        #expect(after.indicator == before.indicator)
        #expect(after.theme.name == before.theme.name)
    }

    @Test func defaultIndicatorIsTheOneTheScenesDrewBefore() {
        // The spinner base and seed numbers a feel sets must draw what `SpinnerConfig()` drew.
        let indicator = IndicatorOptions().makeIndicator(defaultColor: .black)
        var plain = SpinnerConfig()
        plain.color = .black
        #expect(indicator.config == plain)
    }

    @Test func fieldNamesAreUniqueAndNested() {
        let names = FeelFields.all.map(\.name)
        #expect(Set(names).count == names.count)
        for f in FeelFields.all { #expect((1...2).contains(f.path.count), "\(f.name)") }
    }

    @Test(arguments: PhysicsRegistry.names)
    func everyDefaultIsAcceptedByItsOwnField(profile: String) {
        let feel = Feel(physics: profile)
        for f in FeelFields.fields(for: profile) {
            #expect(f.problem(with: f.get(feel)) == nil, "\(f.name) under \(profile)")
        }
    }

    @Test(arguments: PhysicsRegistry.names)
    func everyFieldWritesWhatItReads(profile: String) {
        for f in FeelFields.fields(for: profile) {
            var feel = Feel(physics: profile)
            let old = f.get(feel)
            let new: FeelValue
            switch f.kind {
            case .text: new = .text("some.json")
            case .segment: new = .text("10-20")
            default: new = f.stepped(old, by: 1)
            }
            f.set(&feel, new)
            #expect(f.get(feel) == new, "\(f.name)")
            if f.name != "physics.profile" { #expect(feel != Feel(physics: profile), "\(f.name) changed nothing") }
        }
    }

    @Test func fieldsReachTheSceneOptions() {
        var feel = Feel()
        FeelFields.field(named: "coordinator.triggerDistance")!.set(&feel, .number(120))
        FeelFields.field(named: "coordinator.lockHeight")!.set(&feel, .number(60))
        FeelFields.field(named: "physics.springStiffness")!.set(&feel, .number(250))
        FeelFields.field(named: "spinner.size")!.set(&feel, .number(40))
        FeelFields.field(named: "theme")!.set(&feel, .text("dark"))
        var o = SceneOptions()
        feel.apply(to: &o)
        #expect(o.coordinator.threshold == 120)
        #expect(o.coordinator.effectiveLockHeight == 60)
        #expect((o.physics as? PhysicsProfile)?.bounce.stiffness == 250)
        #expect(o.indicator.makeIndicator(defaultColor: .black).config.diameter == 40)
        #expect(o.theme.name == "dark")
    }

    @Test func rangesAreChecked() {
        let f = FeelFields.field(named: "physics.decelerationRate")!
        #expect(f.problem(with: .number(0.99)) == nil)
        #expect(f.problem(with: .number(0.5)) != nil)  // ends excluded
        #expect(f.problem(with: .number(.nan)) != nil)
        #expect(f.problem(with: .text("fast")) != nil)
        let theme = FeelFields.field(named: "theme")!
        #expect(theme.problem(with: .text("dark")) == nil)
        #expect(theme.problem(with: .text("sepia")) != nil)
    }

    @Test func steppingStaysInRange() {
        for f in FeelFields.all {
            guard case let .number(range, _, _) = f.kind else { continue }
            var v = f.get(Feel(physics: f.profiles?.first ?? "ios"))
            for _ in 0..<200_000 where f.problem(with: v) == nil {
                let next = f.stepped(v, by: 100)
                if next == v { break }
                v = next
            }
            #expect(f.problem(with: v) == nil, "\(f.name) stepped up to \(v)")
            #expect(f.stepped(.number(range.lowerBound), by: -1) != .number(range.lowerBound - 1))
        }
    }

    @Test func lockHeightFollowsTheTriggerDistanceUntilSet() {
        var config = RefreshCoordinatorConfig()
        config.threshold = 100
        #expect(config.effectiveLockHeight == 100)
        config.lockHeight = 70
        #expect(config.effectiveLockHeight == 70)
        var machine = RefreshCoordinatorMachine(config: config)
        _ = machine
        machine = RefreshCoordinatorMachine(config: config)
        #expect(machine.lockedOffset == -70)
    }
}
