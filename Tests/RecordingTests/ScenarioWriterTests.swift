import Testing
@testable import Recording
@testable import ScrollEngine

@Suite struct ScenarioWriterTests {
    @Test func everyFieldRoundTripsThroughTheParser() throws {
        var s = Scenario()
        s.scene = "coordinator"
        s.size = Size(412.5, 700)
        s.scale = 1.75
        s.fps = 59.94
        s.duration = 2.0000000001
        s.options.rows = 42
        s.options.theme = .dark
        s.options.overlay = true
        s.options.refresh.duration = 0.7
        s.options.refresh.outcome = .hang
        s.options.refresh.timeout = 3
        s.options.refresh.newRows = 5
        s.options.indicator.style = "material"
        s.options.indicator.reduceMotion = true
        s.options.indicator.color = Color(hex: 0xFF8800)
        s.options.indicator.lottiePath = "/anim/refresh \"v2\".json"
        var ios = PhysicsProfile.iOS
        ios.decelerationRate = 0.99
        ios.bounce.dampingRatio = 0.8
        s.options.physics = ios
        s.options.input.wheelIdleTimeout = 0.05
        s.options.size = s.size
        s.events = [
            TimedEvent(at: 0.1 + 0.2, kind: .down(Point(10.25, 1e-7))),
            TimedEvent(at: 0.31, kind: .move(Point(-3, 400.125))),
            TimedEvent(at: 0.32, kind: .up(Point(-3, 400.125))),
            TimedEvent(at: 0.5, kind: .drag(from: Point(1, 2), to: Point(3, 4), duration: 0.25)),
            TimedEvent(at: 0.6, kind: .wheel(dy: -1, precise: true)),
            TimedEvent(at: 0.7, kind: .wheel(dy: 2.5, precise: false)),
            TimedEvent(at: 0.8, kind: .key(.r, [.control, .shift])),
            TimedEvent(at: 0.9, kind: .key(.escape, [])),
            TimedEvent(at: 1.0, kind: .resize(Size(300, 500))),
            TimedEvent(at: 1.1, kind: .page(2)),
            TimedEvent(at: 1.2, kind: .wait(0.5))
        ]
        let text = ScenarioWriter.json(s)
        let back = try ScenarioParser.parse(text)
        #expect(back.scene == s.scene)
        #expect(back.size == s.size)
        #expect(back.scale == s.scale)
        #expect(back.fps == s.fps)
        #expect(back.duration == s.duration)
        #expect(back.options.rows == 42)
        #expect(back.options.theme == .dark)
        #expect(back.options.overlay)
        #expect(back.options.refresh == s.options.refresh)
        #expect(back.options.indicator.style == "material")
        #expect(back.options.indicator.reduceMotion)
        #expect(back.options.indicator.color == s.options.indicator.color)
        #expect(back.options.indicator.lottiePath == s.options.indicator.lottiePath)
        #expect(back.options.physics as? PhysicsProfile == ios && back.options.input == s.options.input)
        #expect(back.events == s.events)
        // Writing the parsed scenario again gives the same text.
        #expect(ScenarioWriter.json(back) == text)
    }

    /// Issue #31 item 5: a capture keeps the done time, the relative trigger and the Lottie segments.
    @Test func refreshDetailsRoundTrip() throws {
        var s = Scenario()
        s.scene = "coordinator"
        s.options.refresh.doneSeconds = 0.75
        s.options.refresh.triggerFraction = 0.2
        s.options.indicator.lottiePath = "a.json"
        s.options.indicator.lottieSegments = LottieSegmentChoices(
            pull: .marker("pull"), loop: .frames(from: 30, to: 59), finish: .marker("done"))
        let back = try ScenarioParser.parse(ScenarioWriter.json(s))
        #expect(back.options.refresh == s.options.refresh)
        #expect(back.options.indicator.lottieSegments == s.options.indicator.lottieSegments)
        // Unset, they are left out: a capture without them is written as before.
        let plain = ScenarioWriter.json(Scenario())
        #expect(!plain.contains("doneSeconds") && !plain.contains("triggerFraction") && !plain.contains("segments"))
    }

    @Test func badSegmentsAreNamed() {
        for (json, field) in [
            (#"{"indicator": {"segments": {"loop": [59, 30]}}}"#, "indicator.segments.loop"),
            (#"{"indicator": {"segments": {"loop": [1.5, 3]}}}"#, "indicator.segments.loop"),
            (#"{"indicator": {"segments": {"finish": ""}}}"#, "indicator.segments.finish"),
            (#"{"indicator": {"segments": {"end": "x"}}}"#, "indicator.segments.end"),
            (#"{"refresh": {"doneSeconds": -1}}"#, "refresh.doneSeconds"),
            (#"{"refresh": {"triggerFraction": 0}}"#, "refresh.triggerFraction")
        ] {
            do { _ = try ScenarioParser.parse(json); Issue.record("accepted \(json)") } catch { #expect(error.field == field, "\(error)") }
        }
    }

    @Test func defaultsAreLeftOut() throws {
        let text = ScenarioWriter.json(Scenario())
        #expect(!text.contains("rows") && !text.contains("theme") && !text.contains("physics"))
        let back = try ScenarioParser.parse(text)
        #expect(back.events.isEmpty && back.options.rows == 200)
    }

    @Test func keyframeSelections() throws {
        #expect(try KeyframeSelection.parse("0,30, 60").frames(of: 61) == [0, 30, 60])
        #expect(try KeyframeSelection.parse("every:10").frames(of: 25) == [0, 10, 20, 24])
        #expect(try KeyframeSelection.parse("all").frames(of: 3) == [0, 1, 2])
        #expect(throws: KeyframeSelection.Invalid.self) { try KeyframeSelection.parse("every:0") }
        #expect(throws: KeyframeSelection.Invalid.self) { try KeyframeSelection.parse("1,,2") }
        #expect(throws: KeyframeSelection.Invalid.self) { try KeyframeSelection.parse("5,61").frames(of: 61) }
    }
}
