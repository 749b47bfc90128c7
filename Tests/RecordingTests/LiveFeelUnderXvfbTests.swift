import Foundation
import Testing

/// `run --feel FILE` under a real X server: the feel file is saved while the window runs —
/// rewritten in place (`>`) and replaced by a rename (as vim and VS Code save) — and each save
/// is applied without losing the scroll position or the refresh in progress; a save with a bad
/// value keeps the last good feel and shows its error (standard error and a banner).
@Suite struct LiveFeelUnderXvfbTests {
    static let script = """
        #!/bin/sh
        # Usage: live.sh BINARY — two windows; prints the facts the test checks.
        B=$1
        shot() { import -window root "$1.png"; convert "$1.png" -crop 1x1+"$2"+"$3" -format '%[fx:int(255*r)]' info:; echo; }
        open() {
          w=$(xdotool search --sync --onlyvisible --name 'Overscroll' 2>/dev/null | head -1)
          sleep 0.3
          xdotool mousemove --window "$w" 5 300 2>/dev/null
        }
        "$B" feel > feel.json
        # 1. The list, scrolled down, then saved three times.
        "$B" run --scene list --feel feel.json --trace list.jsonl 2>list-err.txt &
        pid=$!
        open
        xdotool key --window "$w" Next Next 2>/dev/null
        sleep 1
        printf '{"theme": "dark"}\\n' > feel.json
        sleep 1
        echo "inplace-dark $(shot inplace 640 500)"
        printf '{\\n  "physics": {"rubberBand": 9}\\n}\\n' > .feel.tmp && mv .feel.tmp feel.json
        sleep 1
        echo "renamed-bad $(shot bad 640 919)"
        printf '{"theme": "light", "physics": {"wheelStep": 80}}\\n' > .feel.tmp && mv .feel.tmp feel.json
        sleep 1
        echo "renamed-light $(shot light 640 500)"
        xdotool key --window "$w" q 2>/dev/null
        wait $pid; echo "list-rc $?"
        # 2. The coordinator, refreshing, then saved (a new trigger distance).
        "$B" feel > feel.json
        "$B" run --scene coordinator --refresh-duration 30 --feel feel.json --trace coordinator.jsonl 2>coordinator-err.txt &
        pid=$!
        open
        xdotool key --window "$w" F5 2>/dev/null
        sleep 1
        printf '{"coordinator": {"triggerDistance": 120}}\\n' > .feel.tmp && mv .feel.tmp feel.json
        sleep 1
        xdotool key --window "$w" q 2>/dev/null
        wait $pid; echo "coordinator-rc $?"
        """

    struct Line { var offset: Double; var phase: String; var state: String?; var refreshes: Double? }

    static func lines(_ path: String) throws -> [Line] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { text in
            let o = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            return Line(
                offset: o["offset"] as? Double ?? .nan, phase: o["phase"] as? String ?? "",
                state: o["state"] as? String, refreshes: o["refreshes"] as? Double)
        }
    }

    @Test func savesInPlaceAndByRenameApplyAndKeepPositionAndRefresh() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        let r = try XvfbScript.run(Self.script, as: "live.sh", in: sandbox)
        let facts = XvfbScript.facts(r.out)
        #expect(facts["list-rc"] == "0" && facts["coordinator-rc"] == "0", "\(r.out) \(r.err)")
        // The theme followed the saves: dark rows after the in-place save, light after the renamed one.
        #expect(Int(facts["inplace-dark"] ?? "") ?? 255 < 40, "\(r.out)")
        #expect(Int(facts["renamed-light"] ?? "") ?? 0 > 200, "\(r.out)")
        // The bad save: one line on standard error naming file, line, column and field, and a red banner.
        let err = try String(contentsOfFile: sandbox.path("list-err.txt"), encoding: .utf8)
        #expect(err.contains("--feel: feel.json:2:15: field 'physics.rubberBand': 9 is out of range"), "\(err)")
        #expect(err.components(separatedBy: "applied feel.json").count - 1 == 2, "\(err)")
        #expect(Int(facts["renamed-bad"] ?? "") ?? 0 > 150, "the banner's red at the bottom: \(r.out)")
        // The scroll position: once scrolled and at rest, it never moved again through the saves.
        let list = try Self.lines(sandbox.path("list.jsonl"))
        let rest = try #require(list.firstIndex { $0.offset > 500 && $0.phase == "idle" }, "\(list.map(\.offset))")
        #expect(Set(list[rest...].map(\.offset)).count == 1, "\(list[rest...].map(\.offset))")
        // The refresh in progress: still refreshing at the end, the one refresh, held where it was.
        let coordinator = try Self.lines(sandbox.path("coordinator.jsonl"))
        let started = try #require(coordinator.firstIndex { $0.state == "refreshing" })
        #expect(coordinator[started...].allSatisfy { $0.state == "refreshing" })
        #expect(coordinator.last?.refreshes == 1)
        // Held where the refresh put it (the trigger distance changed; the gap of the refresh stays).
        let held = coordinator.filter { $0.state == "refreshing" && $0.phase != "animating" }.map(\.offset)
        #expect(Set(held.suffix(20)).count == 1, "\(held)")
        let cErr = try String(contentsOfFile: sandbox.path("coordinator-err.txt"), encoding: .utf8)
        #expect(cErr.contains("applied feel.json"), "\(cErr)")
    }
}
