import Foundation
import Testing

/// `run --capture --trace` quit with Q under a real X server (Xvfb, keys and pointer from
/// xdotool, XInput 2 on): every quit exits 0 with both files written. Before, 1 to 5 quits in
/// 20 died with BadWindow on X_SendEvent (SDL's cross-connection wakeup of a window being
/// destroyed, see `EventWait`) and lost both files, which were written after the window closed.
@Suite struct QuitUnderXvfbTests {
    static let quits = 12

    static let script = """
        #!/bin/sh
        # Usage: quit.sh BINARY N — N runs, each quit with Q; one line per run: RC capture trace.
        B=$1; N=$2
        for i in $(seq 1 "$N"); do
          rm -f cap.json trace.jsonl
          "$B" run --capture cap.json --trace trace.jsonl 2>err.txt &
          pid=$!
          w=$(xdotool search --sync --onlyvisible --name 'Overscroll' 2>/dev/null | head -1)
          sleep 0.2
          xdotool mousemove --window "$w" 100 100 2>/dev/null
          xdotool key --window "$w" q 2>/dev/null
          wait $pid; rc=$?
          echo "$rc $([ -s cap.json ] && echo yes || echo no) $([ -s trace.jsonl ] && echo yes || echo no) $(grep -m1 -o\
         'X_SendEvent\\|BadWindow' err.txt)"
        done
        """

    static func tool(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    @Test func everyQuitExitsZeroWithTheCaptureAndTraceSaved() throws {
        guard Self.tool("xvfb-run") && Self.tool("xdotool") else {
            Issue.record("xvfb-run and xdotool are needed (`make tool-deps` installs xvfb and xdotool)")
            return
        }
        let binary = try #require(CommandLineRunner.binary("overscroll"))
        let sandbox = try Sandbox()
        try sandbox.write("quit.sh", Self.script)
        let env = ["OVERSCROLL_XINPUT2": "1", "SDL_VIDEODRIVER": "x11"]
        let r = try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["xvfb-run", "-a", "sh", sandbox.path("quit.sh"), binary.path, "\(Self.quits)"],
            in: sandbox.box, environment: env)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.quits, "\(r.out) \(r.err)")
        for (k, line) in lines.enumerated() {
            #expect(line.hasPrefix("0 yes yes"), "quit \(k + 1): \(line)")
        }
    }
}
