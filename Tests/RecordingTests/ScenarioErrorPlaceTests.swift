import Testing

@testable import Recording

/// Issue #44, item 12: a scenario's field errors say where (line:column) and suggest the name
/// meant, as flags, feel files and `overscroll.json` do.
struct ScenarioErrorPlaceTests {
    func message(_ text: String) -> String {
        do {
            _ = try ScenarioParser.parse(text)
            return "parsed"
        } catch { return error.message(file: "s.json") }
    }

    @Test func aMisspelledSceneIsPlacedAndCorrected() {
        #expect(
            message("{\"scene\": \"coordinater\"}")
                == "s.json:1:2: scene: unknown scene 'coordinater'; did you mean 'coordinator'? (scenes: coordinator, refreshable, title,"
                + " pager, header, list)")
    }

    @Test func anUnknownFieldIsPlacedAndCorrected() {
        let m = message("{\"scene\": \"list\",\n  \"sise\": [390, 500]}")
        #expect(m.hasPrefix("s.json:2:3: sise: unknown field; did you mean 'size'? (known: scene, size,"), "\(m)")
    }

    @Test func aFieldInsideAnEventIsPlacedByItsIndex() {
        let text = """
            {"scene": "list", "duration": 1,
             "events": [{"at": 0.1, "key": "F5"},
                        {"at": 0.2, "kye": "F5"}]}
            """
        let m = message(text)
        #expect(m.hasPrefix("s.json:3:25: events[1].kye: unknown field; did you mean 'key'?"), "\(m)")
    }

    @Test func aValueErrorIsPlacedAtItsKeyAndAnElementAtItsArray() {
        var m = message("{\"scene\": \"list\",\n \"fps\": 0}")
        #expect(m.hasPrefix("s.json:2:2: fps: "), "\(m)")
        m = message("{\"scene\": \"coordinator\",\n \"indicator\": {\"segments\": {\"pull\": [1e300, 2]}}}")
        #expect(m.hasPrefix("s.json:2:29: indicator.segments.pull: "), "\(m)")
        m = message("{\"scene\": \"list\",\n \"events\": [7]}")
        #expect(m.hasPrefix("s.json:2:2: events[0]: "), "the element has no key: its array's \(m)")
    }

    @Test func locationsInsideArraysAreOnlyIndexedWhenAsked() throws {
        let text = "{\"a\": [{\"b\": 1}, {\"b\": 2}]}"
        let plain = try JSONParser.parseLocating(text).locations
        #expect(plain["a.b"] != nil && plain["a[1].b"] == nil)
        let indexed = try JSONParser.parseLocating(text, indexingArrays: true).locations
        #expect(indexed["a[0].b"] == JSONParser.Location(line: 1, column: 9))
        #expect(indexed["a[1].b"] == JSONParser.Location(line: 1, column: 19))
    }
}
