import Testing
@testable import Support

/// The command line comes from the kernel's copy, not from the Swift runtime's (which a library
/// calling `setenv` before `main` empties in a statically linked binary: sdl2-compat, #28).
@Suite struct ProcessArgumentsTests {
    @Test func theKernelsCopyIsThisProcesssCommandLine() throws {
        let kernel = try #require(ProcessArguments.fromKernel())
        #expect(kernel == CommandLine.arguments)
        #expect(ProcessArguments.all == kernel)
        #expect(ProcessArguments.afterName == Array(kernel.dropFirst()))
    }

    @Test func emptyArgumentsAndUTF8SurviveTheSplit() {
        let bytes = Array("overscroll\0test\0\0--grep\0é ü\0".utf8)
        #expect(ProcessArguments.split(bytes) == ["overscroll", "test", "", "--grep", "é ü"])
        #expect(ProcessArguments.split(Array("a\0".utf8)) == ["a"])
        #expect(ProcessArguments.split([]) == nil)
    }
}
