import Foundation
import Glibc
import SpotifyEmulator
import TestSupport
import Testing
#if canImport(Glibc)
#endif

/// The file type bits of `path` itself (a symlink is not followed); 0 when it does not exist.
func fileType(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
}

func permissions(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

/// Where `-o` may point. Nothing here touches the machine's own /dev: the devices, FIFOs and
/// links to /proc are made in the sandbox, so a regression replaces a copy, not /dev/null.
@Suite("export -o onto symlinks, FIFOs and devices")
struct ExportTargetTests {
    @Test("a symlink is followed, never replaced: its target gets the export and keeps its mode")
    func symlinks() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let expected = try await sandbox.margin("export").stdout
            let dir = sandbox.root + "/out"
            try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/sub/real.json"))
            chmod(dir + "/sub/real.json", 0o600)
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "sub/real.json")
            try FileManager.default.createSymbolicLink(atPath: dir + "/chain.json", withDestinationPath: dir + "/link.json")

            for link in ["link.json", "chain.json"] {
                let result = try await sandbox.margin("export", "-o", dir + "/" + link)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(fileType(dir + "/" + link) == S_IFLNK, "\(link) is still a link")
                #expect(try String(contentsOfFile: dir + "/sub/real.json", encoding: .utf8) == expected)
                #expect(permissions(dir + "/sub/real.json") == 0o600, "the replaced file keeps its mode")
            }
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json") == "sub/real.json")

            // A dangling link names the file to create, in the directory it points into.
            try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.json", withDestinationPath: "sub/new.json")
            let created = try await sandbox.margin("export", "-o", dir + "/dangling.json")
            #expect(created.status == 0, "\(created.stderr)")
            #expect(fileType(dir + "/dangling.json") == S_IFLNK)
            #expect(fileType(dir + "/sub/new.json") == S_IFREG)
            #expect(try String(contentsOfFile: dir + "/sub/new.json", encoding: .utf8) == expected)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["sub", "link.json", "chain.json", "dangling.json"])
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/sub")) == ["real.json", "new.json"], "no temporary file left")

            let directory = try await sandbox.margin("export", "-o", dir + "/sub")
            #expect(directory.status == 1)
            #expect(directory.stderr == "margin: '\(dir)/sub' is a directory; name a file in it, e.g. -o '\(dir)/sub/notes.json'\n")
        }
    }

    @Test("a FIFO is written in place: the reader on the other end gets the bytes")
    func fifo() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let expected = try await sandbox.margin("export", "--format", "jsonl").stdout
            let path = sandbox.root + "/notes.fifo"
            try #require(mkfifo(path, 0o600) == 0)
            // The test holds a writer open too, so the reader sees the end only after margin is
            // done and the test lets go, and never blocks if margin does not open the FIFO.
            let readEnd = open(path, O_RDONLY | O_NONBLOCK)
            let writeEnd = open(path, O_WRONLY)
            try #require(readEnd >= 0 && writeEnd >= 0)
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) & ~O_NONBLOCK)
            let reader = DataReader(FileHandle(fileDescriptor: readEnd, closeOnDealloc: true))
            let result = try await sandbox.margin("export", "--format", "jsonl", "-o", path)
            close(writeEnd)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(String(decoding: try await reader.finished(), as: UTF8.self) == expected)
            #expect(fileType(path) == S_IFIFO, "still a FIFO")
        }
    }

    @Test("/dev/stdout and /dev/fd/1 are written in place", arguments: ["/proc/self/fd/1", "/dev/fd/1"])
    func standardOutput(_ destination: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            let expected = try await sandbox.margin("export", "--format", "csv").stdout
            // /dev/stdout is a link to /proc/self/fd/1; this one stands in for it.
            let link = sandbox.root + "/stdout"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
            let result = try await sandbox.margin("export", "--format", "csv", "-o", link)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == expected)
            #expect(fileType(link) == S_IFLNK)
        }
    }

    @Test("a device node is written in place and stays a device", .enabled(if: geteuid() == 0, "mknod needs root"))
    func deviceNode() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.seedNotes()
            // Copies of /dev/null (1, 3) and /dev/full (1, 7).
            let null = sandbox.root + "/null", full = sandbox.root + "/full"
            try #require(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
            try #require(mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0)
            let discarded = try await sandbox.margin("export", "-o", null)
            #expect(discarded.status == 0, "\(discarded.stderr)")
            #expect(fileType(null) == S_IFCHR, "still a character device")
            let refused = try await sandbox.margin("export", "-o", full)
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("margin: cannot write to '\(full)' (No space left on device)"), "\(refused.stderr)")
            #expect(refused.stderrLines.count == 1)
            #expect(fileType(full) == S_IFCHR)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root).filter { $0.hasPrefix(".null.") || $0.hasPrefix(".full.") }.isEmpty)
        }
    }

    @Test("a write that fails midway leaves the original file whole and no temporary file")
    func failureMidway() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.importNotes(count: 1500, textLength: 300)
            let dir = sandbox.root + "/out", target = dir + "/notes.json"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            #expect(try await sandbox.margin("export").stdout.utf8.count > 400_000, "the export outgrows the limit below")
            // A file size limit of 256 blocks (128 or 256 KiB, as the shell counts them; room for
            // the store's 32 KiB shared-memory file): a write is cut short at the limit and the
            // next fails with EFBIG (SIGXFSZ ignored, so the failure is an error margin sees).
            let result = try await MarginProcess.run(
                ["-c", #"trap '' XFSZ; ulimit -f 256; exec "$0" "$@""#, MarginProcess.marginPath, "export", "-o", target],
                environment: sandbox.environment(), executable: "/bin/sh")
            #expect(result.status == 1)
            #expect(result.stderr == "margin: cannot write '\(target)' (File too large); nothing was written there\n")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["notes.json"])
        }
    }
}

extension Sandbox {
    /// Imports `count` unpinned notes of `textLength` characters each.
    func importNotes(count: Int, textLength: Int) async throws {
        let text = String(repeating: "x", count: textLength)
        let lines = (0..<count).map { index in
            """
            {"id":"\(UUID().uuidString.lowercased())","text":"\(index) \(text)","tags":[],\
            "created_at":"2026-11-21T09:15:02.123Z","updated_at":"2026-11-21T09:15:02.123Z","pinned":false,\
            "item_type":null,"item_id":null,"item_uri":null,"item_name":null,"show_id":null,"show_name":null,\
            "progress_ms":null,"duration_ms":null,"position":null,"link":null}
            """
        }
        let imported = try await run(["import", "-"], stdin: lines.joined(separator: "\n") + "\n")
        guard imported.status == 0 else { throw ProcessTimeout(arguments: ["import failed: \(imported.stderr)"]) }
    }
}
