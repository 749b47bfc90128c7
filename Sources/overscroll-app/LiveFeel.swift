import CommandLineKit
import Desktop
import Foundation
import Recording
import Rendering
import Scenes
import ScrollEngine
import Support
import Synchronization

/// The feel of an open window (`run --feel FILE`): the file is watched (`FolderWatch.onSaves`), and a
/// save is applied at the next frame through `Session.retune`, so the scroll position and a
/// refresh in progress stay. A save that cannot be used keeps the last good feel and shows its
/// one-line error as a banner in the window and on standard error until a good save.
/// It also owns the tuning panel (T): sliders that apply at once, S saves the file, R reverts.
@MainActor
final class LiveFeel: TuningHandler {
    /// Set by the watcher's thread, taken by the event loop.
    final class Pending: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// The feel file: `--feel`, or the file the first S wrote without it (adopted: watched, and
    /// saved to by the next S).
    private(set) var path: String?
    /// S writes over the file only while it holds what the session last read or wrote.
    private var saveGuard = FeelSaveGuard()
    let arguments: ParsedArguments
    let renderer: CairoRenderer
    /// The feel in use (the last good one).
    private(set) var current: Feel
    private let pending = Pending()
    private var watcher: FolderWatch.FileWatch?
    /// The tuning panel while it is open.
    private(set) var panel: TuningPanel?
    /// Where S saves without `--feel`: a new file in the current folder.
    static let defaultSavePath = "feel.json"

    init(path: String?, feel: Feel, arguments: ParsedArguments, renderer: CairoRenderer) {
        self.path = path
        current = feel
        self.arguments = arguments
        self.renderer = renderer
    }

    /// Starts watching the file (nothing without `--feel`).
    func watch() {
        guard let path else { return }
        if let text = try? FeelFile.read(path) { saveGuard.noteRead(text) }
        watcher = FolderWatch.onSaves(
            of: path,
            { [pending] in
                pending.flag.store(true, ordering: .releasing)
                WindowApp.wakeEventLoop()
            }, reason: { Platform.printError("overscroll run: --feel: \($0); saving it will not reload it") },
            notice: { Platform.printError("overscroll run: --feel: \($0)") })
    }

    func stop() {
        watcher?.stop()
        watcher = nil
    }

    /// Called before each frame: reads the file again when it was saved.
    func beforeFrame(_ session: Session) {
        guard let path, pending.flag.exchange(false, ordering: .acquiringAndReleasing) else { return }
        do {
            let text = try FeelFile.read(path)
            let feel = try FeelFile.parse(text, file: path)
            // Our own save coming back keeps its "saved to"; an edit from outside says so.
            let ours = text == saveGuard.known
            // Only a text the session could use: a bad edit stays the user's to fix.
            saveGuard.noteRead(text)
            apply(feel, to: session)
            panel?.reset(to: feel)
            if !ours { panel?.status = "reloaded \(path) (edited outside the window)" }
            show(panel, in: session)
            session.notice = nil
            Platform.printError("overscroll run: --feel: applied \(path)")
        } catch {
            Platform.printError("overscroll run: --feel: \(error) (the last good feel stays)")
            session.notice = "\(error)"
        }
    }

    /// Makes `feel` the session's, under the flags given (they still win).
    func apply(_ feel: Feel, to session: Session) {
        var o = RunCommand.sceneOptions(arguments, feel: feel)
        IndicatorSetup.resolve(&o.indicator, prefersLottie: SceneCatalog.prefersLottie(session.scene.name), renderer: renderer) {
            Platform.printError("overscroll: \($0)")
        }
        session.retune(o)
        current = feel
    }

    // MARK: the tuning panel

    var isOpen: Bool { panel != nil }

    func covers(_ point: Point, size: Size) -> Bool { panel?.contains(point, size: size) ?? false }

    func handle(_ event: TuningPanelEvent, session: Session) {
        switch event {
        case .toggle:
            panel = panel == nil ? TuningPanel(feel: current) : nil
        case .input(.save):
            save()
        case .input(.revert):
            if panel?.revert() == true, let feel = panel?.feel { apply(feel, to: session) }
            panel?.status = "reverted"
        case let .input(input):
            if panel?.handle(input, size: session.scene.size) == true, let feel = panel?.feel {
                apply(feel, to: session)
                panel?.status = nil
            }
        }
        show(panel, in: session)
    }

    /// Draws `panel` over the session's frames (nothing when closed).
    private func show(_ panel: TuningPanel?, in session: Session) {
        session.panel = panel.map { p in { size, theme in p.commands(size: size, theme: theme) } }
    }

    /// S: writes the panel's feel to the feel file (`--feel`), or to a new `feel.json` here, which
    /// the session then adopts; the write is atomic, never goes through a link and keeps the
    /// file's mode (`AtomicFileWriter.replace`). A feel file edited outside the window since it
    /// was read is never written over (`FeelSaveGuard`): S says why, in the panel and on standard
    /// error.
    private func save() {
        guard let feel = panel?.feel else { return }
        let target = path ?? Self.defaultSavePath
        let refusal: String? =
            if path == nil, FileManager.default.fileExists(atPath: target) || FileTree.isLink(target) {
                "not saved: \(target) exists (run with --feel \(target) to tune it)"
            } else if path != nil {
                saveGuard.refusal(toOverwrite: target)
            } else {
                nil
            }
        if let refusal {
            panel?.status = refusal
            Platform.printError("overscroll run: \(refusal)")
            return
        }
        do {
            let text = FeelText.file(feel)
            try AtomicFileWriter.replace(text: text, atPath: target)
            saveGuard.noteRead(text)
            panel?.baseline = feel
            panel?.status = "saved to \(target)"
            Platform.printError("overscroll run: saved the feel to \(target)")
            if path == nil {
                // The new file is this session's feel file from now on (item 11 of #44).
                path = target
                watch()
            }
        } catch {
            panel?.status = "not saved: \(error)"
            Platform.printError("overscroll run: not saved: \(error)")
        }
    }
}
