import CommandLineKit
import Support

/// A bad command line or input: the message starts with the command (`record: …`) and names the
/// flag, file or field. `main` prints it after `overscroll ` and exits with status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension CommandSpec {
    /// The command word after `overscroll ` (`record`), which starts this command's errors.
    var word: String { String(name.split(separator: " ").last ?? "") }

    /// Reads an `overscroll-app` command line: the parsed arguments, or `nil` after printing the
    /// help for `--help`. Parser errors become `UsageError`s starting with the command word.
    func read(_ argv: [String]) throws(UsageError) -> ParsedArguments? {
        do {
            switch try parse(argv) {
            case .help:
                StandardStreams.output(help)
                return nil
            case .run(let parsed):
                return parsed
            }
        } catch {
            throw UsageError(message: "\(word): \(error.message)")
        }
    }
}
