import Testing

@testable import Support

/// Issue #51, item 1: the bench names the processor and its SIMD extensions.
struct CPUDescriptionTests {
    @Test func readsTheFirstProcessorsModelAndSIMDExtensions() {
        let text = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Xeon(R) CPU @ 2.80GHz
            flags\t\t: fpu sse2 ssse3 sse4_1 sse4_2 avx avx2 avx512f avx512bw avx512vl avx512vbmi sha_ni

            processor\t: 1
            model name\t: other
            flags\t\t: sse2
            """
        let cpu = CPUDescription(cpuinfo: text)
        #expect(cpu.model == "Intel(R) Xeon(R) CPU @ 2.80GHz")
        #expect(cpu.simd == ["sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "sha_ni"])
        #expect(cpu.line.hasPrefix("Intel(R) Xeon(R) CPU @ 2.80GHz (sse2, "))
    }

    @Test func anArmProcessorAndAnEmptyTextAreNamedToo() {
        let arm = CPUDescription(cpuinfo: "processor\t: 0\nFeatures\t: fp asimd\nCPU part\t: 0xd0c\n\nModel\t: Raspberry Pi\n")
        #expect(arm.model == "Raspberry Pi" && arm.simd == ["asimd"])
        #expect(CPUDescription(cpuinfo: "").line == "unknown processor")
    }

    @Test func thisMachinesIsRead() {
        #expect(!CPUDescription.current().model.isEmpty)
    }
}
