import Testing
@testable import Recording
@testable import ScrollEngine

@Suite struct ScenarioParserTests {
    @Test func readsTheDocumentedExample() throws {
        let s = try ScenarioParser.parse(
            """
            {"scene": "list", "size": [390, 844], "scale": 2, "fps": 60, "duration": 3.0, "rows": 200,
             "events": [
               {"at": 0.20, "drag": {"from": [195, 600], "to": [195, 200], "duration": 0.25}},
               {"at": 1.50, "down": [195, 300]}, {"at": 1.55, "move": [195, 320]}, {"at": 1.60, "up": [195, 320]},
               {"at": 2.00, "wheel": {"dy": -3.5, "precise": true}},
               {"at": 2.50, "key": "End"},
               {"at": 2.80, "resize": [390, 600]}]}
            """)
        #expect(s.frameCount == 181)
        #expect(s.time(ofFrame: 180) == 3.0)
        #expect(s.events.count == 7)
        #expect(s.events[0].kind == .drag(from: Point(195, 600), to: Point(195, 200), duration: 0.25))
        #expect(s.events[4].kind == .wheel(dy: -3.5, precise: true))
        #expect(s.events[5].kind == .key(.end, []))
        #expect(s.options.rows == 200)
    }

    @Test func spinnerStylesIncludeTheIOSActivityIndicator() throws {
        #expect(try ScenarioParser.parse(#"{"spinner": "ios"}"#).options.indicator.style == "ios")
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"spinner": "spokes"}"#) }
        // Keys 1–6: `list` has a key.
        let s = try ScenarioParser.parse(#"{"events": [{"at": 0.1, "key": "6"}]}"#)
        #expect(s.events[0].kind == .key(.digit6, []))
    }

    /// The scenario field reads `SpinnerStyle.registered`: every registered name parses, and an
    /// unknown one's error lists them all.
    @Test func spinnerNamesAndTheirErrorComeFromTheRegistry() throws {
        for name in SpinnerStyle.names {
            #expect(try ScenarioParser.parse(#"{"spinner": "\#(name)"}"#).options.indicator.style == name)
        }
        let e = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"spinner": "spokes"}"#) }
        #expect(
            e?.description.contains("unknown spinner 'spokes' (\(SpinnerStyle.names.joined(separator: ", ")))") == true,
            "\(String(describing: e))")
    }

    /// `"physics": NAME` reads `PhysicsRegistry`; an unknown name's one-line error names the
    /// field, suggests the nearest name and lists them all; the object form is the iOS numbers.
    @Test func physicsNamesComeFromTheRegistry() throws {
        for name in PhysicsRegistry.names {
            #expect(try ScenarioParser.parse(#"{"physics": "\#(name)"}"#).options.physics.name == name)
        }
        let e = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"physics": "andriod"}"#) }
        #expect(
            e?.description == "physics: unknown physics 'andriod' (did you mean 'android'? physics: ios, android, gnome, none)",
            "\(String(describing: e))")
        let tuned = try ScenarioParser.parse(#"{"physics": {"decelerationRate": 0.99}}"#)
        #expect((tuned.options.physics as? PhysicsProfile)?.decelerationRate == 0.99)
        var s = Scenario()
        s.options.physics = AndroidPhysics()
        #expect(ScenarioWriter.json(s).contains(#""physics": "android""#))
        #expect(try ScenarioParser.parse(ScenarioWriter.json(s)).options.physics.name == "android")
    }

    @Test func lastFrameIsAtExactlyTheDuration() throws {
        let s = try ScenarioParser.parse(#"{"fps": 30, "duration": 1.01}"#)
        #expect(s.time(ofFrame: s.frameCount - 1) == 1.01)
        #expect(s.time(ofFrame: s.frameCount - 2) < 1.01)
    }

    @Test(arguments: [
        (#"{"fps": "sixty"}"#, "fps"),
        (#"{"duration": -1}"#, "duration"),
        (#"{"size": [390]}"#, "size"),
        (#"{"colour": 1}"#, "colour"),
        (#"{"events": [{"at": 1, "drag": {"from": [0, 0]}}]}"#, "events[0].drag"),
        (#"{"events": [{"at": 1, "key": "Hyper"}]}"#, "events[0].key"),
        (#"{"events": [{"drag": {"from": [0,0], "to": [1,1]}}]}"#, "events[0]"),
        (#"{"events": [{"at": 1, "wheel": {"dy": 1e999}}]}"#, ""),
        (#"{"refresh": {"outcome": "maybe"}}"#, "refresh.outcome"),
        (#"{"events": [{"at": 1, "down": [0, 0], "up": [0, 0]}]}"#, "events[0]")
    ])
    func malformedFieldsAreNamed(json: String, field: String) {
        do {
            _ = try ScenarioParser.parse(json)
            Issue.record("expected an error for \(json)")
        } catch {
            if field.isEmpty { #expect(error.field.isEmpty || error.field == "scenario") } else { #expect(error.field == field) }
            #expect(!error.reason.isEmpty)
        }
    }

    @Test func notJSONIsReportedWithAPosition() {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse("{\"fps\": 60,\n \"duration\": }") }
        do { _ = try ScenarioParser.parse("{\"fps\": 60,\n \"duration\": }") } catch {
            #expect(error.reason.contains("line 2"))
        }
    }

    @Test func dragsExpandIntoDownMovesUp() throws {
        let s = try ScenarioParser.parse(#"{"events": [{"at": 1, "drag": {"from": [0, 100], "to": [0, 0], "duration": 0.1}}]}"#)
        let e = s.expandedEvents(dragSampleRate: 100)
        #expect(e.first?.event == .pointerDown(Point(0, 100)))
        #expect(e.last?.event == .pointerUp(Point(0, 0)))
        #expect(e.count == 12)
        #expect(abs(e.last!.t - 1.1) < 1e-12)
    }

    @Test func keyNamesWithModifiers() {
        #expect(ScenarioParser.parseKey("Ctrl+R")! == (.r, .control))
        #expect(ScenarioParser.parseKey("Esc")! == (.escape, []))
        #expect(ScenarioParser.parseKey("F5")! == (.f5, []))
        #expect(ScenarioParser.parseKey("Meta+R") == nil)
    }
}

/// Issue #29 item 13: a snapshot entry is one of an event's kinds.
@Suite struct SnapshotEventKindErrorTests {
    @Test func aMisspelledSnapshotFieldListsSnapshotAmongTheKnownFields() {
        let e = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"events": [{"at": 0.1, "snapshots": "a"}]}"#) }
        let text = e?.description ?? ""
        #expect(text.contains("events[0].snapshots: unknown field"), "\(text)")
        #expect(text.contains("snapshot)") || text.contains("snapshot,"), "\(text)")
    }

    @Test func aSnapshotWithAnEventKindSaysOneKindPerEvent() {
        let e = #expect(throws: ScenarioError.self) {
            try ScenarioParser.parse(#"{"events": [{"at": 0.1, "key": "End", "snapshot": "a"}]}"#)
        }
        let text = e?.description ?? ""
        #expect(text.contains("one kind per event, found key and snapshot"), "\(text)")
        #expect(!text.contains("unknown field"), "\(text)")
        let two = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"events": [{"at": 0.1, "key": "End", "wait": 1}]}"#) }
        #expect(two?.description.contains("one kind per event, found key and wait") == true, "\(String(describing: two))")
    }
}
