import FileSafety
import Foundation

/// Reading and writing RIFF/WAVE files of 16-bit PCM.
public enum WAVFile {
    /// Reads a 16-bit PCM WAV (plain or WAVE_FORMAT_EXTENSIBLE) of any rate and channel count,
    /// mixing channels down to mono. A data chunk cut short (a recorder that was killed) gives
    /// the samples that are there, and so does one whose header says 0 bytes (or the most a
    /// header can say: a recorder that never came back to write the size).
    public static func read(path: String) throws(VoiceError) -> PCMAudio {
        try read(path: path, maxSeconds: nil).audio
    }

    /// ``read(path:)``, reading no more of the file than its first `maxSeconds` of audio, so
    /// that memory stays flat however large the file; `cut` says whether there was more.
    public static func read(path: String, maxSeconds: Double?) throws(VoiceError) -> (audio: PCMAudio, cut: Bool) {
        try check(path: path)
        guard let file = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw .unreadableAudio(path: path, reason: reason)
        }
        defer { try? file.close() }
        let fileSize: Int
        do { fileSize = Int(try file.seekToEnd()) } catch { throw .unreadableAudio(path: path, reason: "cannot be read") }
        // The header and any chunks before the audio: far less than this in any real file.
        let head = read(file, at: 0, count: min(fileSize, 1 << 20))
        let layout = try parse(head, fileSize: fileSize, path: path)
        let frameBytes = 2 * layout.channels
        let frames = layout.size / frameBytes
        let wanted = maxSeconds.map { min(frames, Int(($0 * Double(layout.rate)).rounded(.up))) } ?? frames
        let body = read(file, at: layout.offset, count: wanted * frameBytes)
        return (mix(body, channels: layout.channels, rate: layout.rate), wanted < frames)
    }

    /// Refuses at once what cannot be a recording, before anything waits on it: a missing
    /// file, a directory, and anything not a regular file (a FIFO would block its reader
    /// until a writer came, a device never ends).
    public static func check(path: String) throws(VoiceError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableAudio(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadableAudio(path: path, reason: "it is a directory")
        default: throw .unreadableAudio(path: path, reason: "not a regular file (a pipe or a device)")
        }
        guard access(path, R_OK) == 0 else { throw .unreadableAudio(path: path, reason: "cannot be read") }
    }

    /// ``read(path:)`` on bytes already read; `path` names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(VoiceError) -> PCMAudio {
        let layout = try parse(bytes, fileSize: bytes.count, path: path)
        let end = layout.offset + layout.size / (2 * layout.channels) * 2 * layout.channels
        return mix(Array(bytes[layout.offset..<end]), channels: layout.channels, rate: layout.rate)
    }

    /// Where the audio of a WAV lies: its format and the byte range of its data chunk that the
    /// file holds. `head` is the file's start (enough to reach the data chunk's header).
    private static func parse(_ head: [UInt8], fileSize: Int, path: String) throws(VoiceError) -> (channels: Int, rate: Int, offset: Int, size: Int) {
        let bytes = head
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw .unreadableAudio(path: path, reason: "not a WAV file") }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int, pcm: Bool)?
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt ", body + 16 <= bytes.count {
                let code = u16(body)
                // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format GUID.
                let extensiblePCM = code == 0xFFFE && size >= 40 && body + 26 <= bytes.count && u16(body + 24) == 1
                format = (u16(body + 2), u32(body + 4), u16(body + 14), code == 1 || extensiblePCM)
            } else if id == "data" {
                guard let format else { throw .unreadableAudio(path: path, reason: "its data comes before its format") }
                guard format.pcm, format.bits == 16 else {
                    throw .unreadableAudio(path: path, reason: "not 16-bit PCM (convert it: sox IN.wav -b 16 -e signed-integer OUT.wav)")
                }
                guard (1...16).contains(format.channels), (4_000...384_000).contains(format.rate) else {
                    throw .unreadableAudio(path: path, reason: "\(format.channels) channels at \(format.rate) Hz is not a recording margin can read")
                }
                // 0 and 0xFFFFFFFF: the size was never written; the audio runs to the end of the file.
                let there = max(fileSize - body, 0)
                let available = size == 0 || size == 0xFFFF_FFFF ? there : min(size, there)
                return (format.channels, format.rate, body, available)
            }
            // Chunks are padded to an even length.
            offset = body + size + (size & 1)
        }
        throw .unreadableAudio(path: path, reason: format == nil ? "no format chunk" : "no audio data")
    }

    /// Little-endian 16-bit frames of `channels` samples, mixed down to mono.
    private static func mix(_ bytes: [UInt8], channels: Int, rate: Int) -> PCMAudio {
        let frames = bytes.count / (2 * channels)
        var samples = [Int16](repeating: 0, count: frames)
        bytes.withUnsafeBufferPointer { buffer in
            for frame in 0..<frames {
                var sum = 0
                for channel in 0..<channels {
                    let at = (frame * channels + channel) * 2
                    sum += Int(Int16(bitPattern: UInt16(buffer[at]) | UInt16(buffer[at + 1]) << 8))
                }
                samples[frame] = Int16(clamping: sum / channels)
            }
        }
        return PCMAudio(samples: samples, rate: rate)
    }

    /// Up to `count` bytes of `file` from `offset`; fewer when the file ends first.
    private static func read(_ file: FileHandle, at offset: Int, count: Int) -> [UInt8] {
        guard count > 0, (try? file.seek(toOffset: UInt64(offset))) != nil else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            guard let chunk = try? file.read(upToCount: min(count - bytes.count, 1 << 20)), !chunk.isEmpty else { break }
            bytes += chunk
        }
        return bytes
    }

    /// The bytes of a mono 16-bit PCM WAV file holding `audio`.
    public static func encode(_ audio: PCMAudio) -> [UInt8] {
        let dataSize = audio.samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func u32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func u16(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)); bytes.append(UInt8(truncatingIfNeeded: value >> 8)) }
        bytes += Array("RIFF".utf8); u32(36 + dataSize); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(audio.rate); u32(audio.rate * 2); u16(2); u16(16)
        bytes += Array("data".utf8); u32(dataSize)
        for sample in audio.samples { u16(Int(UInt16(bitPattern: sample))) }
        return bytes
    }

    /// Writes `audio` to `path` whole or not at all (a temporary file beside it, flushed,
    /// renamed), readable by the owner alone.
    public static func write(_ audio: PCMAudio, to path: String) throws(VoiceError) {
        do {
            try AtomicFile.write(Data(encode(audio)), to: path, exactMode: 0o600)
        } catch let failure as AtomicFile.Failure {
            switch failure {
            case .cannotWrite(_, let reason): throw .cannotKeepAudio(path: path, reason: reason)
            case .isDirectory: throw .cannotKeepAudio(path: path, reason: "it is a directory")
            }
        } catch {
            throw .cannotKeepAudio(path: path, reason: error.localizedDescription)
        }
    }
}
