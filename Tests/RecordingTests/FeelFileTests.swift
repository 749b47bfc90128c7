import Foundation
import Testing
@testable import Recording
import Scenes
import ScrollEngine

/// The feel file: the printed default reads back to the defaults, a field left out keeps its
/// default, every error is one line naming the file, line, column and field, a scenario's `feel`
/// is read relative to the scenario, and the README's table is the field table.
struct FeelFileTests {
    @Test(arguments: PhysicsRegistry.names)
    func printedDefaultFileReadsBackToTheDefaults(profile: String) throws {
        let text = FeelText.file(Feel(physics: profile))
        #expect(try FeelParser.parse(text, file: "f.json") == Feel(physics: profile))
    }

    @Test func aFieldLeftOutKeepsItsDefault() throws {
        let feel = try FeelParser.parse(#"{"coordinator": {"triggerDistance": 100}}"#, file: "f.json")
        var expected = Feel()
        expected.coordinator.threshold = 100
        #expect(feel == expected)
        #expect(try FeelParser.parse("{}", file: "f.json") == Feel())
    }

    @Test func changedValuesRoundTripThroughTheFile() throws {
        var feel = Feel()
        feel.ios.bounce.stiffness = 321.5
        feel.spinnerStyle = "material"
        feel.lottie = "a \"quoted\" name.json"
        #expect(try FeelParser.parse(FeelText.file(feel), file: "f.json") == feel)
    }

    func error(_ text: String) -> FeelError? {
        do { _ = try FeelParser.parse(text, file: "dir/f.json"); return nil } catch { return error }
    }

    @Test func unknownFieldNamesFileLineColumnAndField() throws {
        let e = try #require(error("{\n  \"physics\": {\n    \"rubberBnd\": 1\n  }\n}"))
        #expect(e.description == "dir/f.json:3:5: field 'physics.rubberBnd': unknown field (did you mean 'physics.rubberBand'?)")
        #expect(!e.description.contains("\n"))
        let top = try #require(error("{\"theme\": \"dark\",\n \"colour\": 1}"))
        #expect(top.line == 2 && top.column == 2 && top.field == "colour")
    }

    @Test func badValuesNameTheField() throws {
        let range = try #require(error("{\"physics\": {\"springDamping\": 0}}"))
        #expect(range.field == "physics.springDamping" && range.line == 1 && range.column == 14)
        #expect(range.reason.contains("out of range"))
        let type = try #require(error("{\"spinner\": {\"size\": \"big\"}}"))
        #expect(type.field == "spinner.size" && type.reason.contains("expected a number"))
        let choice = try #require(error("{\"theme\": \"sepia\"}"))
        #expect(choice.field == "theme" && choice.reason.contains("light, dark"))
        let section = try #require(error("{\"spinner\": 3}"))
        #expect(section.field == "spinner" && section.reason.contains("expected an object"))
        let notObject = try #require(error("[1]"))
        #expect(notObject.line == 1 && notObject.column == 1)
    }

    @Test func aNumberOfAnotherProfileIsRefused() throws {
        let e = try #require(error("{\"physics\": {\"rubberBand\": 0.5, \"profile\": \"android\"}}"))
        #expect(e.field == "physics.rubberBand" && e.reason.contains("ios"))
        // android shares the minimum fling velocity, under its own default
        let feel = try FeelParser.parse("{\"physics\": {\"profile\": \"android\", \"minimumFlingVelocity\": 80}}", file: "f")
        #expect(feel.android.minimumFlingVelocity == 80 && feel.ios.minimumFlingVelocity == PhysicsProfile.iOS.minimumFlingVelocity)
    }

    @Test func invalidJSONNamesLineAndColumn() throws {
        let e = try #require(error("{\n  \"theme\": \"dark\"\n  \"lottie\": \"\"\n}"))
        #expect(e.line == 3 && e.column == 3)
        #expect(e.description.hasPrefix("dir/f.json:3:3: not valid JSON"))
    }

    @Test func aScenarioReadsItsFeelRelativeToItselfAndItsFieldsWin() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("feels"), withIntermediateDirectories: true)
        try #"{"coordinator": {"triggerDistance": 130}, "theme": "dark", "lottie": {"file": "spin.json"}}"#
            .write(to: folder.appendingPathComponent("feels/tight.json"), atomically: true, encoding: .utf8)
        let scenario = folder.appendingPathComponent("s.json")
        try #"{"scene": "coordinator", "feel": "feels/tight.json", "theme": "light", "duration": 0.1}"#
            .write(to: scenario, atomically: true, encoding: .utf8)
        let s = try ScenarioFile.load(scenario.path)
        #expect(s.options.coordinator.threshold == 130)
        #expect(s.options.theme.name == "light")
        #expect(s.options.indicator.lottiePath == folder.appendingPathComponent("feels/spin.json").path)
        try #"{"coordinator": {"triggerDistance": -1}}"#.write(
            to: folder.appendingPathComponent("feels/tight.json"), atomically: true, encoding: .utf8)
        #expect(throws: ScenarioFile.Failure.self) { try ScenarioFile.load(scenario.path) }
        do { _ = try ScenarioFile.load(scenario.path) } catch {
            #expect(error.message.contains("feels/tight.json:1:18: field 'coordinator.triggerDistance'"), "\(error.message)")
        }
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"feel": "x.json"}"#) }
    }

    @Test func theReadmeTableIsTheFieldTable() throws {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir = dir.deletingLastPathComponent() }
        let readme = try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- feel-fields:"))
        let body = readme[start.upperBound...]
        let open = try #require(body.range(of: "-->\n"))
        let end = try #require(body.range(of: "<!-- /feel-fields -->"))
        #expect(
            String(body[open.upperBound..<end.lowerBound]) == FeelText.markdownTable(),
            "run `overscroll feel --fields` and paste it between the feel-fields markers of README.md")
    }

    @Test func runRefusesABadFeelFileInOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("bad.json").path
        try "{\n  \"refresh\": {\"timeout\": 0}\n}".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try CommandLineRunner.run(["run", "--feel", bad])
        #expect(r.status == 2)
        #expect(r.err == "overscroll run: --feel: \(bad):2:15: field 'refresh.timeout': 0 is out of range (from 0.001…3600)\n")
        let printed = try CommandLineRunner.run(["feel", "--physics", "gnome"])
        #expect(printed.status == 0)
        #expect(try FeelParser.parse(printed.out, file: "out") == Feel(physics: "gnome"))
    }

    @Test func theTuningPanelIsInARecordingOnlyWhenAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var frames: [String: Data] = [:]
        for (name, field) in [("absent", ""), ("off", ", \"tuningPanel\": false"), ("on", ", \"tuningPanel\": true")] {
            let scenario = folder.appendingPathComponent("\(name).json").path
            try "{\"scene\": \"list\", \"duration\": 0, \"fps\": 1, \"scale\": 1\(field)}".write(
                toFile: scenario, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out-\(name)").path
            let r = try CommandLineRunner.run(["record", scenario, "--out", out])
            #expect(r.status == 0, "\(r.err)")
            frames[name] = try Data(contentsOf: URL(fileURLWithPath: out + "/frame-00000.png"))
        }
        #expect(frames["absent"] == frames["off"])
        #expect(frames["absent"] != frames["on"])
    }

    /// The default feel file changes no pixel and no trace value: a pull-to-refresh in both refresh
    /// scenes, recorded with `"feel"` naming `overscroll feel`'s output and without it.
    @Test(arguments: ["coordinator", "refreshable", "list"])
    func theDefaultFeelFileChangesNoFrame(scene: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let printed = try CommandLineRunner.run(["feel"])
        try printed.out.write(toFile: folder.appendingPathComponent("default.json").path, atomically: true, encoding: .utf8)
        var outputs: [[Data]] = []
        for feel in ["", "\"feel\": \"default.json\", "] {
            let name = feel.isEmpty ? "plain" : "felt"
            let scenario = folder.appendingPathComponent("\(name).json").path
            try """
            {\(feel)"scene": "\(scene)", "duration": 2.4, "fps": 5, "scale": 1, "refresh": {"duration": 0.8},
             "events": [{"at": 0.1, "drag": {"from": [195, 200], "to": [195, 420], "duration": 0.5}},
                        {"at": 1.0, "wheel": {"dy": -2, "precise": false}}]}
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out-\(name)").path
            let r = try CommandLineRunner.run(["record", scenario, "--out", out])
            #expect(r.status == 0, "\(r.err)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("frame-") || $0 == "trace.jsonl" }
                .sorted()
            #expect(files.count > 5)
            outputs.append(try files.map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) })
        }
        #expect(outputs[0] == outputs[1])
    }

    /// A session captured with `run --feel` names the feel file, so the captured scenario replays
    /// with the feel's numbers (those no scenario field holds, such as the trigger distance).
    @Test func aCaptureNamesItsFeelFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let feelPath = folder.appendingPathComponent("tight.json").path
        try #"{"coordinator": {"triggerDistance": 110}}"#.write(toFile: feelPath, atomically: true, encoding: .utf8)
        var options = SceneOptions()
        try FeelFile.load(feelPath).apply(to: &options)
        let capture = LiveCapture(
            path: folder.appendingPathComponent("cap.json").path, scene: "coordinator", options: options, feel: feelPath)
        capture.record(.pointerDown(Point(100, 100)), at: 0.1)
        try capture.write(endingAt: 0.5)
        let replay = try ScenarioFile.load(capture.path)
        #expect(replay.feel == feelPath)
        #expect(replay.options.coordinator.threshold == 110)
    }

    /// Issue #31: the done time, the viewport-relative trigger and the Lottie's segments are feel
    /// fields: read, written back, and refused in one line naming the field.
    @Test func theRefreshDetailsAreFeelFields() throws {
        let text = """
            {"refresh": {"doneSeconds": 0.6, "triggerFraction": 0.15},
             "lottie": {"file": "/a/spin.json", "pull": "pull", "loop": "10-29", "finish": "done"}}
            """
        let feel = try FeelParser.parse(text, file: "f.json")
        #expect(feel.refreshDone == 0.6 && feel.triggerFraction == 0.15 && feel.lottie == "/a/spin.json")
        #expect(
            feel.lottieSegments == LottieSegmentChoices(pull: .marker("pull"), loop: .frames(from: 10, to: 29), finish: .marker("done")))
        #expect(try FeelParser.parse(FeelText.file(feel), file: "f.json") == feel)
        let printed = FeelText.file(Feel())
        #expect(
            printed.contains("\"doneSeconds\": 0") && printed.contains("\"triggerFraction\": 0") && printed.contains("\"finish\": \"\""))
        let bad = try #require(error("{\"lottie\": {\"finish\": \"9-3\"}}"))
        #expect(bad.field == "lottie.finish" && bad.line == 1 && bad.column == 13, "\(bad)")
        let between = try #require(error("{\"refresh\": {\"triggerFraction\": 0.001}}"))
        #expect(between.description == "dir/f.json:1:14: field 'refresh.triggerFraction': 0.001 is out of range (from 0.01…1 or 0 for off)")
    }
}
