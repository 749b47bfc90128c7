import Foundation

/// The one place for process-level side effects: environment, standard streams, exit.
public enum Platform {
    public static var environment: [String: String] { ProcessInfo.processInfo.environment }

    public static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public static func exit(_ code: Int32) -> Never { Foundation.exit(code) }
}
