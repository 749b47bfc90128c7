import Foundation
import Testing

/// Ctrl+T in a real window (Xvfb): slow motion on (the title shows 0.25×, standard error says
/// so), and off again; `--time-scale 0.5` starts at 0.5× and Ctrl+T goes to 0.25× and back.
@Suite struct SlowMotionUnderXvfbTests {
    static let script = """
        #!/bin/sh
        # Usage: slow.sh BINARY [FLAGS…] — prints the window title before, after one Ctrl+T and after two.
        B=$1; shift
        "$B" run --scene list "$@" 2>err.txt &
        pid=$!
        w=$(xdotool search --sync --onlyvisible --name 'Overscroll' 2>/dev/null | head -1)
        sleep 0.4
        xdotool mousemove --window "$w" 5 300 2>/dev/null
        echo "before $(xdotool getwindowname "$w")"
        xdotool key --window "$w" ctrl+t 2>/dev/null
        sleep 0.5
        echo "slow $(xdotool getwindowname "$w")"
        xdotool key --window "$w" ctrl+t 2>/dev/null
        sleep 0.5
        echo "back $(xdotool getwindowname "$w")"
        xdotool key --window "$w" q 2>/dev/null
        wait $pid; echo "rc $?"
        """

    func run(_ flags: [String]) throws -> (facts: [String: String], err: String) {
        let sandbox = try Sandbox()
        let r = try XvfbScript.run(Self.script, as: "slow.sh", in: sandbox, flags)
        return (XvfbScript.facts(r.out), (try? String(contentsOfFile: sandbox.path("err.txt"), encoding: .utf8)) ?? "")
    }

    @Test func ctrlTTogglesAQuarterSpeed() throws {
        guard QuitUnderXvfbTests.tool("xvfb-run") && QuitUnderXvfbTests.tool("xdotool") else {
            Issue.record("xvfb-run and xdotool are needed (`make tool-deps`)")
            return
        }
        let normal = try run([])
        #expect(normal.facts["rc"] == "0", "\(normal)")
        #expect(normal.facts["before"].map { !$0.contains("×") } == true, "\(normal.facts)")
        #expect(normal.facts["slow"]?.hasSuffix("0.25×") == true, "\(normal.facts)")
        #expect(normal.facts["back"].map { !$0.contains("×") } == true, "\(normal.facts)")
        #expect(normal.err.contains("time scale 0.25×") && normal.err.contains("time scale 1×"), "\(normal.err)")
        let half = try run(["--time-scale", "0.5"])
        #expect(half.facts["before"]?.hasSuffix("0.5×") == true, "\(half.facts)")
        #expect(half.facts["slow"]?.hasSuffix("0.25×") == true, "\(half.facts)")
        #expect(half.facts["back"]?.hasSuffix("0.5×") == true, "\(half.facts)")
    }
}
