import MarginCLI

await MarginCommand.runMain()
