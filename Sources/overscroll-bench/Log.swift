import Foundation
import Support

/// Progress lines on standard error (the table goes to standard output).
enum Log {
    static func progress(_ line: String) {
        StandardStreams.error("bench: " + line + "\n")
    }
}
