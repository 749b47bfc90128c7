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

    let path: String?
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
        watcher = FolderWatch.onSaves(
            of: path,
            { [pending] in
                pending.flag.store(true, ordering: .releasing)
                WindowApp.wakeEventLoop()
            }, reason: { Platform.printError("overscroll run: --feel: \($0); saving it will not reload it") })
    }

    func stop() {
        watcher?.stop()
        watcher = nil
    }

    /// Called before each frame: reads the file again when it was saved.
    func beforeFrame(_ session: Session) {
        guard let path, pending.flag.exchange(false, ordering: .acquiringAndReleasing) else { return }
        do {
            let feel = try FeelFile.load(path)
            apply(feel, to: session)
            panel?.reset(to: feel)
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

    /// S: writes the panel's feel to the feel file (`--feel`), or to a new `feel.json` here; the
    /// write is atomic, never goes through a link and keeps the file's mode (`AtomicFileWriter.replace`).
    private func save() {
        guard let feel = panel?.feel else { return }
        let target = path ?? Self.defaultSavePath
        if path == nil, FileManager.default.fileExists(atPath: target) || FileTree.isLink(target) {
            let message = "not saved: \(target) exists (run with --feel \(target) to tune it)"
            panel?.status = message
            Platform.printError("overscroll run: \(message)")
            return
        }
        do {
            try AtomicFileWriter.replace(text: FeelText.file(feel), atPath: target)
            panel?.baseline = feel
            panel?.status = "saved to \(target)"
            Platform.printError("overscroll run: saved the feel to \(target)")
        } catch {
            panel?.status = "not saved: \(error)"
            Platform.printError("overscroll run: not saved: \(error)")
        }
    }
}
