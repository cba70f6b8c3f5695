// Not swift-argument-parser: the one declaration of it that MarginCLI's ArgumentValues.swift
// needs for EpisodeRef and ShowRef (fuzz-ref), so the fuzz package does not build that library.
// The parsing fuzz-ref checks is all in ArgumentValues.swift.
public protocol ExpressibleByArgument {
    init?(argument: String)
}
