import Foundation
import TestSupport
import Testing

/// The store on a real, small tmpfs: first filled to the last byte, then remounted read-only.
///
/// The mount lives in a private mount namespace (`unshare --user --map-root-user --mount`), so
/// the test needs no privileges beyond what an unprivileged user namespace grants, and the
/// mount disappears with the script.
@Suite("reliability: full and read-only disk")
struct ReliabilityDiskTests {
    static let script = #"""
        set -u
        dir=$1 out=$2 margin=$3
        mount -t tmpfs -o size=1m,mode=0700 tmpfs "$dir" || exit 90
        export MARGIN_DB="$dir/notes.sqlite"
        "$margin" note "kept before the disk filled" >/dev/null 2>"$out/first.err"
        echo $? >"$out/first.status"
        dd if=/dev/zero of="$dir/filler" bs=4096 2>/dev/null
        dd if=/dev/zero of="$dir/filler2" bs=64 2>/dev/null
        "$margin" note "precious thought on a full disk" >"$out/full.out" 2>"$out/full.err"
        echo $? >"$out/full.status"
        rm -f "$dir/filler" "$dir/filler2"
        sqlite3 "$MARGIN_DB" "PRAGMA integrity_check" >"$out/full.integrity" 2>&1
        "$margin" list --json >"$out/full.list" 2>&1
        mount -o remount,ro "$dir" || exit 91
        sha256sum "$dir"/* >"$out/ro.before"
        "$margin" note "precious thought on a read-only disk" >"$out/ro.out" 2>"$out/ro.err"
        echo $? >"$out/ro.status"
        sha256sum "$dir"/* >"$out/ro.after"
        sqlite3 "file:$MARGIN_DB?immutable=1" "PRAGMA integrity_check; SELECT count(*) FROM note" >"$out/ro.integrity" 2>&1
        exit 0
        """#

    @Test("a full disk and a read-only disk: exit 1, the text echoed, the store intact")
    func fullAndReadOnly() async throws {
        let root = try temporaryDirectory("margin-rel")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mountPoint = root + "/disk", out = root + "/out"
        for path in [mountPoint, out] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let scriptPath = root + "/disk.sh"
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))

        var env = Reliability.offlineEnvironment(root: root, db: "")
        env["MARGIN_DB"] = nil
        let status = try await Reliability.runProgram(
            "/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "/bin/sh", scriptPath, mountPoint, out, MarginProcess.marginPath],
            environment: env)
        try #require(status.status == 0, "the tmpfs script failed (\(status.status)): \(status.stderr)")

        func read(_ name: String) -> String {
            ((try? String(contentsOfFile: out + "/" + name, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(read("first.status") == "0", "\(read("first.err"))")

        #expect(read("full.status") == "1", "full disk: \(read("full.err"))")
        #expect(read("full.err").hasPrefix("margin: "), "\(read("full.err"))")
        #expect(read("full.err").contains("precious thought on a full disk"), "the text is echoed: \(read("full.err"))")
        #expect(read("full.err").contains("disk is full"), "the reason is plain: \(read("full.err"))")
        #expect(read("full.out").isEmpty)
        #expect(read("full.integrity") == "ok")
        let listed = try JSONSerialization.jsonObject(with: Data(read("full.list").utf8)) as? [[String: Any]]
        #expect(listed?.compactMap { $0["text"] as? String } == ["kept before the disk filled"], "\(read("full.list"))")

        #expect(read("ro.status") == "1", "read-only disk: \(read("ro.err"))")
        #expect(read("ro.err").hasPrefix("margin: "), "\(read("ro.err"))")
        #expect(read("ro.err").contains("precious thought on a read-only disk"), "the text is echoed: \(read("ro.err"))")
        #expect(read("ro.err").contains("read-only"), "the reason is plain: \(read("ro.err"))")
        #expect(!read("ro.before").isEmpty && read("ro.before") == read("ro.after"), "the files are unchanged")
        #expect(read("ro.integrity") == "ok\n1")
    }

    /// A voice note on a disk with `room` KiB free: the note's row fits, then the recording
    /// (94 KB) does or does not, and the text does not.
    static let voiceScript = #"""
        set -u
        dir=$1 out=$2 margin=$3 clip=$4 room=$5
        mount -t tmpfs -o size=1m,mode=0700 tmpfs "$dir" || exit 90
        export MARGIN_DB="$dir/notes.sqlite"
        "$margin" note "kept before the disk filled" >/dev/null 2>"$out/first.err"
        dd if=/dev/zero of="$dir/room" bs=1024 count="$room" 2>/dev/null
        dd if=/dev/zero of="$dir/filler" bs=4096 2>/dev/null
        dd if=/dev/zero of="$dir/filler2" bs=64 2>/dev/null
        rm "$dir/room"
        "$margin" note --voice --audio "$clip" >"$out/voice.out" 2>"$out/voice.err"
        echo $? >"$out/voice.status"
        (cd "$dir" && find . -type f | sort) >"$out/files"
        rm -f "$dir/filler" "$dir/filler2"
        sqlite3 "$MARGIN_DB" "PRAGMA integrity_check" >"$out/integrity" 2>&1
        "$margin" list --json >"$out/before-remedy" 2>&1
        # The remedy the message named, once there is room.
        id=$(sed -n "s/.*'margin \(transcribe\|edit\) \([0-9a-f]*\)'.*/\2/p" "$out/voice.err" | head -n 1)
        if grep -q "'margin transcribe $id'" "$out/voice.err"; then
            "$margin" transcribe "$id" >/dev/null 2>"$out/remedy.err"
        else
            "$margin" edit "$id" "he was not an ill disposed young man" >/dev/null 2>"$out/remedy.err"
        fi
        echo $? >"$out/remedy.status"
        "$margin" list --json >"$out/after-remedy" 2>&1
        exit 0
        """#

    @Test("a voice note on a full disk: the text echoed, the note named with its remedy, no stray file; the remedy works",
          arguments: [64, 200])
    func voiceOnFullDisk(room: Int) async throws {
        let root = try temporaryDirectory("margin-rel")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mountPoint = root + "/disk", out = root + "/out"
        for path in [mountPoint, out] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let scriptPath = root + "/voice.sh"
        try Data(Self.voiceScript.utf8).write(to: URL(fileURLWithPath: scriptPath))
        var env = Reliability.offlineEnvironment(root: root, db: "")
        env["MARGIN_DB"] = nil
        let status = try await Reliability.runProgram(
            "/usr/bin/unshare",
            ["--user", "--map-root-user", "--mount", "/bin/sh", scriptPath, mountPoint, out, MarginProcess.marginPath, VoiceNoteTests.clip, String(room)],
            environment: env)
        try #require(status.status == 0, "the tmpfs script failed (\(status.status)): \(status.stderr)")
        func read(_ name: String) -> String {
            ((try? String(contentsOfFile: out + "/" + name, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let said = read("voice.err")
        #expect(read("voice.status") == "1", "\(said)")
        #expect(said.contains("disk is full"), "\(said)")
        #expect(said.contains("Its text:\n") && said.contains("young man"), "the transcript is echoed: \(said)")
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(read("before-remedy").utf8)) as? [[String: Any]], "\(read("before-remedy"))")
        let voiceNote = try #require(notes.first { $0["voice"] is [String: Any] }, "the note stored before the recording stays")
        let id = voiceNote["id"] as? String ?? ""
        let recording = "./audio/\(id).wav"
        // Nothing but the store, the fillers and (when it fitted) the note's own recording.
        let expected = ["./filler", "./filler2", "./notes.sqlite", "./notes.sqlite-shm", "./notes.sqlite-wal"]
        let files = read("files").split(separator: "\n").map(String.init)
        #expect(files.filter { !expected.contains($0) && $0 != recording }.isEmpty, "stray files: \(files)")
        if files.contains(recording) {
            #expect(said.contains("'margin transcribe \(id.prefix(8))' adds it"), "\(said)")
        } else {
            #expect(said.contains("'margin edit \(id.prefix(8))' puts this text in"), "\(said)")
        }
        #expect(read("integrity") == "ok")
        #expect(read("remedy.status") == "0", "\(read("remedy.err"))")
        let after = try JSONSerialization.jsonObject(with: Data(read("after-remedy").utf8)) as? [[String: Any]]
        let mended = after?.first { $0["id"] as? String == id }
        let mendedText = mended?["text"] as? String ?? ""
        #expect(mendedText.contains("young man"), "\(read("after-remedy"))")
    }
}
