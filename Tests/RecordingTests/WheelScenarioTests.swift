import Testing
@testable import Recording
import ScrollEngine

/// Wheel and touchpad scenarios, asserted on their traces.
@MainActor
@Suite struct WheelScenarioTests {
    func states(_ frames: [TraceFrame]) -> [String] {
        frames.map(\.state).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    @Test func wheelSpinPastTheTopStopsThereWithNoRefresh() async throws {
        let frames = try await ScenarioFiles.trace("refresh/wheel-overshoot-top.json")
        #expect(states(frames) == ["idle"])
        #expect(frames.allSatisfy { $0.offset >= 0 })
        #expect(frames.map(\.offset).max() == 160)  // 4 notches of 40 pt, no momentum
        #expect(frames.last!.offset == 0 && frames.last!.int("refreshes") == 0)
    }

    @Test func touchpadPullRefreshesAtTheGestureEnd() async throws {
        let frames = try await ScenarioFiles.trace("refresh/touchpad-pull.json")
        #expect(states(frames) == ["idle", "pulling", "triggered", "refreshing", "completing", "idle"])
        #expect(frames.last!.int("refreshes") == 1)
    }

    @Test func theScenarioFormatCarriesTheSource() throws {
        let s = try ScenarioParser.parse(
            """
            {"events": [{"at": 0.1, "wheel": {"dy": 2, "precise": true, "source": "touchpad"}},
                        {"at": 0.2, "wheel": {"dy": -1}}]}
            """)
        #expect(s.events.map(\.kind) == [.wheel(dy: 2, precise: true, source: .touchpad), .wheel(dy: -1, precise: false, source: .unknown)])
        let written = ScenarioWriter.event(s.events[0])
        #expect(written.text.contains(#""source": "touchpad""#))
        #expect(throws: ScenarioError.self) {
            _ = try ScenarioParser.parse(#"{"events": [{"at": 0.1, "wheel": {"dy": 1, "source": "finger"}}]}"#)
        }
        do {
            _ = try ScenarioParser.parse(#"{"events": [{"at": 0.1, "wheel": {"dy": 1, "source": "finger"}}]}"#)
        } catch {
            #expect(error.description.contains("events[0].wheel.source"))
            #expect(error.description.contains("unknown source 'finger' (sources: touchpad, wheel, unknown)"))
        }
    }
}
