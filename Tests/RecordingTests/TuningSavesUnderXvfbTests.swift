import Foundation
import Testing

/// Issue #44 in a real window (Xvfb, xdotool): the walk's three tuning failures.
/// 1. A live profile switch in the panel (android → ios) keeps pull to refresh working.
/// 2. S never writes over a feel file holding an outside edit that does not parse.
/// 3. Without `--feel`, the first S makes `feel.json` and the session adopts it: the next S saves.
@Suite(.serialized) struct TuningSavesUnderXvfbTests {
    static let common = """
        #!/bin/sh
        B=$1
        open() {
          w=$(xdotool search --sync --onlyvisible --name 'Overscroll' 2>/dev/null | head -1)
          sleep 0.5
          xdotool mousemove --window "$w" 5 300 2>/dev/null
        }

        """

    static let switchScript =
        common + """
            "$B" feel --physics android > f.json
            "$B" run --scene coordinator --size 390x700 --refresh-duration 0.5 --feel f.json --trace t.jsonl 2>err.txt &
            pid=$!
            open
            # The panel: its first field is the profile; ← goes from android to ios.
            xdotool key --window "$w" t 2>/dev/null; sleep 0.3
            xdotool key --window "$w" Left 2>/dev/null; sleep 0.3
            xdotool key --window "$w" t 2>/dev/null; sleep 0.3
            xdotool mousemove --window "$w" 195 150 mousedown 1 2>/dev/null
            for y in 170 210 250 290 330 370 410 450 490 530; do xdotool mousemove --window "$w" 195 $y 2>/dev/null; sleep 0.03; done
            sleep 0.3
            xdotool mouseup 1 2>/dev/null
            sleep 3
            xdotool key --window "$w" q 2>/dev/null
            wait $pid; echo "rc $?"
            """

    static let badEditScript =
        common + """
            "$B" feel --physics android > f.json
            "$B" run --scene list --feel f.json 2>err.txt &
            pid=$!
            open
            # Two valid changes and a stray comma, typed outside the window.
            sed -i 's/"theme": "light"/"theme": "dark",,/; s/"timeout": 30/"timeout": 12/' f.json
            cp f.json edited.json
            sleep 1
            xdotool key --window "$w" t 2>/dev/null; sleep 0.3
            xdotool key --window "$w" s 2>/dev/null; sleep 0.5
            xdotool key --window "$w" q 2>/dev/null
            wait $pid; echo "rc $?"
            cmp -s f.json edited.json && echo "kept yes" || echo "kept no"
            """

    static let adoptScript =
        common + """
            "$B" run --scene list 2>err.txt &
            pid=$!
            open
            xdotool key --window "$w" t 2>/dev/null; sleep 0.3
            xdotool key --window "$w" Tab Right 2>/dev/null; sleep 0.3
            xdotool key --window "$w" s 2>/dev/null; sleep 1
            xdotool key --window "$w" Right 2>/dev/null; sleep 0.3
            xdotool key --window "$w" s 2>/dev/null; sleep 0.5
            xdotool key --window "$w" q 2>/dev/null
            wait $pid; echo "rc $?"
            """

    @Test func aLiveSwitchFromAndroidToIOSStillRefreshesOnAPull() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        let r = try XvfbScript.run(Self.switchScript, as: "switch.sh", in: sandbox)
        #expect(XvfbScript.facts(r.out)["rc"] == "0", "\(r.out) \(r.err)")
        let lines = try LiveFeelUnderXvfbTests.lines(sandbox.path("t.jsonl"))
        #expect(lines.contains { $0.state == "refreshing" }, "the pull started a refresh")
        #expect(lines.last?.refreshes == 1, "\(lines.suffix(3))")
        #expect(lines.last?.state == "idle" && lines.last?.phase == "idle", "back at rest: \(lines.suffix(3))")
        #expect(lines.last.map { abs($0.offset) < 100 } == true, "the content came back: \(lines.suffix(3).map(\.offset))")
    }

    @Test func sKeepsAFeelFileWhoseOutsideEditDoesNotParse() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        let r = try XvfbScript.run(Self.badEditScript, as: "bad.sh", in: sandbox)
        let facts = XvfbScript.facts(r.out)
        #expect(facts["rc"] == "0" && facts["kept"] == "yes", "\(r.out) \(r.err)")
        let err = try String(contentsOfFile: sandbox.path("err.txt"), encoding: .utf8)
        #expect(err.contains("not saved: f.json holds an edit that does not parse (f.json:"), "\(err)")
        #expect(!err.contains("saved the feel to"), "\(err)")
    }

    @Test func theFirstSWithoutAFeelFileIsAdoptedSoTheNextSSaves() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        let r = try XvfbScript.run(Self.adoptScript, as: "adopt.sh", in: sandbox)
        #expect(XvfbScript.facts(r.out)["rc"] == "0", "\(r.out) \(r.err)")
        let err = try String(contentsOfFile: sandbox.path("err.txt"), encoding: .utf8)
        #expect(err.components(separatedBy: "saved the feel to feel.json").count - 1 == 2, "\(err)")
        #expect(!err.contains("not saved"), "\(err)")
    }
}
