import FuzzDriver

// libFuzzer on `fuzzScenario` (FuzzDriver starts it).
runFuzzer { fuzzScenario($0, $1) }
