import FuzzDriver

// libFuzzer on `fuzzPNG` (FuzzDriver starts it).
runFuzzer { fuzzPNG($0, $1) }
