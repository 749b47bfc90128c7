import Foundation
import Imaging
import Support

/// Which goldens `test` and `verify` write: the flag when given, else `OVERSCROLL_RECORD`, else
/// none. The one place the commands read the variable.
enum RecordModeSetting {
    /// `flag` is the mode the command line gave (nil when no flag was given); `command` starts
    /// the error for a value of the variable that is not a mode.
    static func resolve(
        flag: RecordMode?, command: String,
        environment: [String: String] = Platform.environment
    ) throws(UsageError) -> RecordMode {
        if let flag { return flag }
        do { return try RecordMode.fromEnvironment(environment) ?? .none } catch {
            throw UsageError(message: "\(command): \(error)")
        }
    }
}
