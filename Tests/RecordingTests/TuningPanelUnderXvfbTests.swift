import Foundation
import Testing

/// The tuning panel driven with xdotool in a real window (Xvfb): T opens it, Tab and → change
/// the coordinator's trigger distance, a drag on a track changes the spring's mass, S saves the
/// feel file — and a feel file that is a symlink is never written through.
@Suite struct TuningPanelUnderXvfbTests {
    static let script = """
        #!/bin/sh
        # Usage: panel.sh BINARY FEEL — tunes, saves, screenshots; prints the run's status.
        B=$1; FEEL=$2
        "$B" run --scene coordinator --feel "$FEEL" 2>err.txt &
        pid=$!
        w=$(xdotool search --sync --onlyvisible --name 'Overscroll' 2>/dev/null | head -1)
        sleep 0.4
        xdotool mousemove --window "$w" 5 300 2>/dev/null
        xdotool key --window "$w" t 2>/dev/null
        sleep 0.3
        for i in 1 2 3 4 5 6 7 8 9 10 11; do xdotool key --window "$w" Tab 2>/dev/null; done
        xdotool key --window "$w" Right Right Right Right 2>/dev/null
        # the track of row 3 (the spring's mass): panel top 52 + padding 10 + header 34 + 3 rows of 30 + 21
        xdotool mousemove --window "$w" 200 207 mousedown 1 mousemove --window "$w" 260 207 mouseup 1 2>/dev/null
        sleep 0.3
        import -window root panel.png
        xdotool key --window "$w" s 2>/dev/null
        sleep 0.8
        xdotool key --window "$w" q 2>/dev/null
        wait $pid; echo "rc $?"
        """

    @Test func keysAndADragTuneAndSSavesTheFile() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        let feel = try CommandLineRunner.run(["feel"]).out
        try sandbox.write("feel.json", feel)
        let r = try XvfbScript.run(Self.script, as: "panel.sh", in: sandbox, ["feel.json"])
        #expect(r.out.contains("rc 0"), "\(r.out) \(r.err)")
        let saved = try String(contentsOfFile: sandbox.path("feel.json"), encoding: .utf8)
        #expect(saved.contains("\"triggerDistance\": 100"), "\(saved)")  // 80 + 4 steps of 5
        #expect(!saved.contains("\"springMass\": 1,"), "the drag changed the mass: \(saved)")
        let err = try String(contentsOfFile: sandbox.path("err.txt"), encoding: .utf8)
        #expect(err.contains("saved the feel to feel.json"), "\(err)")
        #expect(FileManager.default.fileExists(atPath: sandbox.path("panel.png")))
    }

    /// Issue 43: S rewrote a 0600 feel file as 0644; the saved file keeps its mode (and, run as
    /// root, its owner).
    @Test func savingKeepsTheFeelFilesModeAndOwner() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        try sandbox.write("feel.json", try CommandLineRunner.run(["feel"]).out)
        #expect(chmod(sandbox.path("feel.json"), 0o600) == 0)
        let owner: uid_t = geteuid() == 0 ? 65534 : geteuid()
        #expect(lchown(sandbox.path("feel.json"), owner, uid_t.max) == 0)
        let r = try XvfbScript.run(Self.script, as: "panel.sh", in: sandbox, ["feel.json"])
        #expect(r.out.contains("rc 0"), "\(r.out) \(r.err)")
        let saved = try String(contentsOfFile: sandbox.path("feel.json"), encoding: .utf8)
        #expect(saved.contains("\"triggerDistance\": 100"), "\(saved)")
        var info = stat()
        #expect(lstat(sandbox.path("feel.json"), &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600, "mode \(String(info.st_mode & 0o7777, radix: 8))")
        #expect(info.st_uid == owner)
    }

    @Test func aFeelFileThatIsALinkIsNeverWrittenThrough() throws {
        guard XvfbScript.toolsPresent() else { return }
        let sandbox = try Sandbox()
        let target = sandbox.outside + "/feel-target.json"
        let feel = try CommandLineRunner.run(["feel"]).out
        try feel.write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.json"), withDestinationPath: target)
        let r = try XvfbScript.run(Self.script, as: "panel.sh", in: sandbox, ["link.json"])
        #expect(r.out.contains("rc 0"), "\(r.out) \(r.err)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == feel)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("link.json")) == target)
        let err = try String(contentsOfFile: sandbox.path("err.txt"), encoding: .utf8)
        #expect(err.contains("not saved") && err.contains("symlink"), "\(err)")
    }
}
