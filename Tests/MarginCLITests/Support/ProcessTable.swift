import Foundation
import TestSupport

/// What /proc says of the machine's processes.
enum ProcessTable {
    /// The command lines of every process on the machine, arguments joined by spaces.
    static func commandLines() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry in
            guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// The children of `pid` whose command line contains `text`.
    static func children(of pid: Int32, running text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == pid,
                  let command = FileManager.default.contents(atPath: "/proc/\(candidate)/cmdline") else { return false }
            return String(decoding: command, as: UTF8.self).contains(text)
        }
    }

    /// The pid a program wrote to `file`, once it has (within 10 s); nil if it never does.
    static func pid(in file: String) async throws -> Int32? {
        try? await eventually("a pid in \(file)", within: .seconds(10), every: .milliseconds(50)) {
            (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// True once `pid` has ended (gone, or a zombie its parent has not reaped), within 5 s.
    static func ends(_ pid: Int32) async throws -> Bool {
        (try? await waitUntil("process \(pid) ending", within: .seconds(5), every: .milliseconds(50)) {
            !FileManager.default.fileExists(atPath: "/proc/\(pid)/cmdline")
                || (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") == true
        }) != nil
    }
}
