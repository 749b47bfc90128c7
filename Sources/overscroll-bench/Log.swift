import Foundation

/// Progress lines on standard error (the table goes to standard output).
enum Log {
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data(("bench: " + line + "\n").utf8))
    }
}
