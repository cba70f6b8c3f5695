// The start-up floor (bench/startup.sh): a Swift program linked as margin is (the runtime and
// Foundation inside it) that reads its arguments through Foundation and prints one line.
import Foundation

let line = "margin-floor \(ProcessInfo.processInfo.arguments.count)\n"
FileHandle.standardOutput.write(Data(line.utf8))
