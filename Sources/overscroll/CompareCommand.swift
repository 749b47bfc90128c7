import Imaging

/// Runs `overscroll compare` with the arguments that follow the subcommand word, printing
/// results to standard output and one-line errors to standard error. Returns the exit status:
/// 0 all frames match, 1 any mismatch, 2 error (bad flag, unreadable file, size mismatch,
/// missing frame).
func runCompareCommand(_ arguments: [String]) -> Int32 {
    CompareCommandLine.run(arguments, standardOutput: StandardStreams.output, standardError: StandardStreams.error)
}
