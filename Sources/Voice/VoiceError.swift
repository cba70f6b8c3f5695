/// What can go wrong with a voice note; each message says what to do.
public enum VoiceError: Error, Equatable, Sendable {
    /// None of pw-record, parecord and arecord is installed.
    case noRecorder
    /// The recorder started but failed (no sound server, no microphone, no permission).
    case recorderFailed(recorder: String, reason: String)
    /// Nothing was heard: no speech before the wait ran out, or an empty file.
    case nothingHeard(seconds: Double)
    /// An audio file that cannot be read as 16-bit PCM WAV.
    case unreadableAudio(path: String, reason: String)
    /// The recording could not be written beside the store.
    case cannotKeepAudio(path: String, reason: String)
    /// PocketSphinx itself is not installed.
    case recognizerMissing(reason: String)
    /// The PocketSphinx model cannot be loaded.
    case modelMissing(directory: String)
    /// A file of the PocketSphinx model is missing or empty.
    case modelBroken(directory: String, file: String)
    /// `transcribe.command` failed or ran out of time.
    case transcriberFailed(command: String, reason: String)
    /// No program to play a recording with.
    case noPlayer
    /// `transcribe.engine` is `whisper`, and what it needs is not all there.
    case whisperMissing(missing: [String])
    /// `transcribe.model` is no model margin can use.
    case modelUnusable(path: String, reason: String)

    public var message: String {
        switch self {
        case .noRecorder:
            "no sound recorder found; install PipeWire's pw-record (pipewire-bin), PulseAudio's parecord (pulseaudio-utils) or ALSA's arecord (alsa-utils)"
        case .recorderFailed(let recorder, let reason):
            "the recorder '\(recorder)' failed (\(reason)); check that a microphone is connected, the sound server runs and you may use it"
        case .nothingHeard(let seconds):
            seconds > 0 ? "heard nothing in \(Self.format(seconds)) s of recording" : "the recording is empty"
        case .unreadableAudio(let path, let reason):
            "cannot read '\(path)': \(reason); give a 16-bit PCM WAV file"
        case .cannotKeepAudio(let path, let reason):
            "cannot write the recording '\(path)' (\(reason))"
        case .recognizerMissing(let reason):
            "PocketSphinx cannot be opened (\(reason)); install libpocketsphinx3 and pocketsphinx-en-us, or set transcribe.command"
        case .modelMissing(let directory):
            "no PocketSphinx model in '\(directory)'; install pocketsphinx-en-us, or point transcribe.model at a model directory"
        case .modelBroken(let directory, let file):
            "the PocketSphinx model in '\(directory)' is broken ('\(file)' is missing or empty); reinstall pocketsphinx-en-us, or point transcribe.model at a whole model"
        case .transcriberFailed(let command, let reason):
            "the transcriber '\(command)' \(reason)"
        case .noPlayer:
            "no program to play the recording; install pipewire-bin (pw-play), pulseaudio-utils (paplay) or alsa-utils (aplay)"
        case .whisperMissing(let missing):
            "the Whisper engine is not set up (\(missing.joined(separator: "; "))); 'margin transcribe --engines' says what was found"
        case .modelUnusable(let path, let reason):
            "transcribe.model '\(path)' is not a model margin can use: \(reason)"
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

import Foundation
