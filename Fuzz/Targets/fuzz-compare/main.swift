import FuzzDriver

// libFuzzer on `fuzzCompare` (FuzzDriver starts it).
runFuzzer { fuzzCompare($0, $1) }
