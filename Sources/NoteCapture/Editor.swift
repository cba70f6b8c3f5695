import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Opens `$EDITOR` (then `$VISUAL`, then `vi`) on a private temporary file and returns what was saved.
///
/// The editor owns the terminal while it runs: it is started in margin's own process group,
/// which is the terminal's foreground group, so an editor that reads the terminal (vim, nano,
/// `emacs -nw`) is not stopped by SIGTTIN. Meanwhile margin ignores Ctrl-C and Ctrl-\ (the
/// editor gets them, as with `system(3)`), and hands SIGTERM and SIGHUP on to the editor:
/// whatever the editor saved before it ended is the text, and ``Edited/signal`` says margin
/// should end by that signal once the text is kept.
public enum Editor {
    /// Why the editor gave no text.
    public enum Failure: LocalizedError, Equatable {
        case cannotStart(String)
        /// The draft file could not be written (a full disk, a read-only folder).
        case cannotWriteDraft(String)
        /// The editor failed; what it had saved, if anything, is kept at `kept`.
        case failed(editor: String, status: Int32, kept: String?)
        /// The editor was killed by `signal` (not one margin handed on).
        case killed(editor: String, signal: Int32, kept: String?)

        public var errorDescription: String? {
            switch self {
            case .cannotStart(let editor): "could not start the editor '\(editor)'; set EDITOR to one that works"
            case .cannotWriteDraft(let path): "could not write the draft \(path); make room there, or give the note as text"
            case .failed(let editor, let status, let kept):
                "the editor '\(editor)' exited with status \(status); nothing was saved\(Self.keptClause(kept))"
            case .killed(let editor, let signal, let kept):
                "the editor '\(editor)' was killed by signal \(signal); nothing was saved\(Self.keptClause(kept))"
            }
        }

        private static func keptClause(_ kept: String?) -> String {
            kept.map { ". What it saved is kept in \($0)" } ?? ""
        }
    }

    /// What an editor session left.
    public struct Edited: Sendable, Equatable {
        /// The file as the editor last saved it.
        public var text: String
        /// SIGTERM, SIGHUP or SIGINT when the session ended because margin was told to stop:
        /// keep ``text``, then end with status 128 + signal.
        public var signal: Int32?
    }

    /// A capture body that opens the editor on an empty note once the moment is pinned (the
    /// note is stored first, see ``CaptureRequest/What/draft(_:)``); the text is what was
    /// saved, without its final line breaks. The editor writes to `draft`, which outlives
    /// margin: its owner removes it once the text is stored.
    public static func body(environment: [String: String], draft: String) -> CaptureRequest.What {
        .draft {
            let edited = try session("", environment: environment, draft: draft)
            return CaptureRequest.Written(text: edited.text.trimmingCharacters(in: .newlines), signal: edited.signal)
        }
    }

    /// Where the editor keeps note `id`'s draft, beside the store (`drafts/ID.md`): a draft
    /// outlives a margin that is killed while the editor is open, and `margin edit` reopens it.
    public static func draftPath(noteID id: String, store storePath: String) -> String {
        let directory = (storePath as NSString).deletingLastPathComponent
        return (directory.isEmpty ? "" : directory + "/") + "drafts/\(id).md"
    }

    /// Removes a draft whose text is stored (the drafts folder stays: another margin may be
    /// writing a draft in it).
    public static func removeDraft(_ path: String) {
        unlink(path)
    }

    /// Opens the editor on `initial`; returns what it saved and the signal that ended the
    /// session, if one did. The editor writes to `draft` (made 0600 in a 0700 folder), which
    /// stays for its owner to remove once the text is stored; with no `draft`, to a private
    /// temporary file removed after. When the editor fails, a draft that differs from
    /// `initial` is kept on disk and the failure names it.
    public static func session(_ initial: String, environment: [String: String], draft: String? = nil) throws -> Edited {
        let editor = [environment["EDITOR"], environment["VISUAL"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file: URL
        var keep = draft != nil
        if let draft {
            file = URL(fileURLWithPath: draft)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("margin-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            file = directory.appendingPathComponent("note.md")
        }
        defer {
            // A draft is its owner's to remove; a failed session's unchanged file goes now.
            if keep {
            } else if let draft {
                removeDraft(draft)
            } else {
                try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
            }
        }
        guard FileManager.default.createFile(atPath: file.path, contents: Data(initial.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw Failure.cannotWriteDraft(file.path)
        }

        // Through the shell so EDITOR may carry arguments ("code --wait"); `exec`, so that the
        // editor itself is margin's child and gets the signals margin hands on.
        let ended = try run(["/bin/sh", "-c", "exec \(editor) \"$1\"", "margin-editor", file.path], editor: editor)
        let text = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
        if let signal = ended.handedOn { return Edited(text: text, signal: signal) }
        switch ended.status {
        case .exited(0):
            return Edited(text: text)
        case .signaled(let signal) where [SIGINT, SIGTERM, SIGHUP].contains(signal):
            // The terminal's group got the signal too (Ctrl-C, a closed terminal), and the
            // editor died of it, perhaps before margin's own handler ran: what it saved is
            // kept, as when margin hands the signal on.
            return Edited(text: text, signal: signal)
        case .exited(let status):
            keep = text != initial && !text.isEmpty
            throw Failure.failed(editor: editor, status: status, kept: keep ? file.path : nil)
        case .signaled(let signal):
            keep = text != initial && !text.isEmpty
            throw Failure.killed(editor: editor, signal: signal, kept: keep ? file.path : nil)
        }
    }

    /// Runs `arguments` in margin's process group and waits for it, handing SIGTERM and SIGHUP
    /// on and ignoring SIGINT and SIGQUIT meanwhile.
    private static func run(_ arguments: [String], editor: String) throws -> (status: ChildProcess.Ending, handedOn: Int32?) {
        let handed = HandedOn()
        // Watching before the editor starts: a signal in between is handed on as soon as it runs.
        let signals = Signals.Scope(ignoring: [SIGINT, SIGQUIT], handling: [SIGTERM, SIGHUP]) { handed.record($0) }
        defer { signals.end() }
        // The editor starts with every signal at its default and none blocked, whatever margin set.
        guard case .success(let pid) = ChildProcess.start(arguments) else { throw Failure.cannotStart(editor) }
        handed.started(pid)

        guard let ended = try? ChildProcess.wait(for: pid) else { throw Failure.cannotStart(editor) }
        // Reaped: its pid may be another process's from now on, and is signalled no more.
        handed.ended()
        // A signal sent to the whole group (the terminal closing) ends the editor and margin at
        // once: the editor's end may be seen before margin's handler has run.
        return (ended, handed.signal ?? [SIGTERM, SIGHUP].first { signals.received($0) })
    }
}

/// The editor's pid and the first SIGTERM or SIGHUP margin was sent, which goes on to the editor.
private final class HandedOn: Sendable {
    private let state = Mutex<(pid: pid_t?, signal: Int32?)>((nil, nil))

    func record(_ signo: Int32) {
        let pid = state.withLock { state in
            state.signal = state.signal ?? signo
            return state.pid
        }
        if let pid { kill(pid, signo) }
    }

    func started(_ pid: pid_t) {
        let early = state.withLock { state in
            state.pid = pid
            return state.signal
        }
        if let early { kill(pid, early) }
    }

    func ended() {
        state.withLock { $0.pid = nil }
    }

    var signal: Int32? { state.withLock { $0.signal } }
}
