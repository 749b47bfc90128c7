import Foundation
import Recording
import Support

/// `--prune`: deletes the obsolete goldens the run verified, through `GoldenWriter`'s swap and
/// `FileTree` (descriptors, never a link followed, a folder removed only when nothing but the
/// manifest its swap wrote is left in it).
enum SuitePrune {
    /// What was deleted (golden paths) and the errors, one line each.
    struct Outcome {
        var pruned: [String] = []
        var errors: [String] = []
    }

    /// `asFound`/`results`: the scenarios' results before and after their goldens were committed
    /// (a scenario whose commit failed keeps its obsolete goldens); `obsoleteFolders`: gone
    /// scenarios' golden folders; `emptiedFolders`: gone scenarios' folders a killed prune
    /// emptied (only when the whole suite was looked at).
    static func run(
        asFound: [ScenarioResult], results: [ScenarioResult], obsoleteFolders: [ObsoleteFolder],
        emptiedFolders: [String]
    ) -> Outcome {
        var out = Outcome()
        for (before, after) in zip(asFound, results) where after.error == nil {
            out.pruned += before.obsolete.map { before.goldens + "/" + $0 }
        }
        // A gone scenario's goldens leave in one swap, as a scenario's obsolete ones do; the
        // folder goes too once nothing else is in it.
        for o in obsoleteFolders {
            do {
                _ = try GoldenWriter.write([], into: URL(fileURLWithPath: o.folder), flag: "--prune", dropping: Set(o.files))
                out.pruned += o.files.map { o.folder + "/" + $0 }
                // Emptied but for the manifest the swap wrote: the folder goes too.
                FileTree.removeEmptiedFolder(o.folder, only: [ResultFolder.manifestName])
            } catch {
                out.errors.append("\(error)")
            }
        }
        // A gone scenario's folder a killed prune emptied (only its manifest is left).
        for folder in emptiedFolders { FileTree.removeEmptiedFolder(folder, only: [ResultFolder.manifestName]) }
        return out
    }
}
