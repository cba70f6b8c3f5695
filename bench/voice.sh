# shellcheck shell=bash
# Part 5 of run.sh (sourced by it): voice notes. How fast PocketSphinx transcribes (seconds of
# audio per second of CPU, whole `margin note --voice --audio` processes), and the time from the
# end of a 10 s utterance to the stored note, recorded live through a private PulseAudio
# server whose null sink stands in for the microphone. Uses run.sh's margin, say, results, ctl
# and playing.
: "${margin:?}" "${results:?}" "${playing:?}"

clips=/usr/share/pocketsphinx/test/data/librivox
voice_runs=5
# PocketSphinx is what this part measures: a build in the checkout finds scripts/margin-whisper,
# and `auto` would pick Whisper wherever its runtime is installed (bench/whisper.sh measures it).
no_whisper=$results/no-margin-whisper
dir=$results/voice
mkdir -p "$dir"
if [ ! -d "$clips" ] || ! command -v sox >/dev/null || ! command -v pulseaudio >/dev/null; then
    say "5/5 voice: skipped (needs pocketsphinx-testdata, sox and pulseaudio: see the README's set-up)"
else
    say "5/5 voice: transcription speed and end of speech to stored note ($voice_runs runs each)"
    # A 10 s utterance: two clips of read speech, one after the other.
    utterance=$dir/utterance.wav
    sox "$clips/sense_and_sensibility_01_austen_64kb-0870.wav" "$clips/sense_and_sensibility_01_austen_64kb-0880.wav" "$utterance"
    audio_seconds=$(soxi -D "$utterance")
    ctl PUT player "$playing" >/dev/null
    : >"$dir/transcribe.jsonl"
    for _ in $(seq "$voice_runs"); do
        /usr/bin/time -f '%e %U %S' -o "$dir/time.txt" env MARGIN_WHISPER="$no_whisper" "$margin" note --voice --audio "$utterance" --json >"$dir/note.json" 2>/dev/null
        read -r wall user system <"$dir/time.txt"
        jq -nc --argjson wall "$wall" --argjson cpu "$(echo "$user $system" | awk '{print $1 + $2}')" \
            --argjson audio "$audio_seconds" --arg text "$(jq -r .text "$dir/note.json")" \
            '{wall: $wall, cpu: $cpu, audio: $audio, text: $text}' >>"$dir/transcribe.jsonl"
    done

    # A 5 s clip from a file: when the note is in the store (pending, before the recognizer
    # runs), and when it is complete (margin's exit), both from the command's start.
    clip5=$dir/clip5.wav
    sox "$utterance" "$clip5" trim 0 5
    : >"$dir/file5.jsonl"
    for _ in $(seq "$voice_runs"); do
        before=$(sqlite3 "$MARGIN_DB" "SELECT count(*) FROM note" 2>/dev/null || echo 0)
        start=$(date +%s.%N)
        MARGIN_WHISPER="$no_whisper" "$margin" note --voice --audio "$clip5" >/dev/null 2>&1 &
        note_pid=$!
        stored=""
        while kill -0 "$note_pid" 2>/dev/null; do
            count=$(sqlite3 "$MARGIN_DB" "SELECT count(*) FROM note" 2>/dev/null || echo "$before")
            if [ "$count" -gt "$before" ]; then stored=$(date +%s.%N); break; fi
            sleep 0.005
        done
        wait "$note_pid"
        done_at=$(date +%s.%N)
        [ -n "$stored" ] || stored=$done_at
        jq -nc --argjson stored "$(echo "$start $stored" | awk '{print $2 - $1}')" \
            --argjson complete "$(echo "$start $done_at" | awk '{print $2 - $1}')" '{stored: $stored, complete: $complete}' >>"$dir/file5.jsonl"
    done

    pulse=$dir/pulse
    mkdir -p "$pulse/run" && chmod 700 "$pulse/run"
    HOME=$pulse XDG_RUNTIME_DIR=$pulse/run pulseaudio --daemonize=yes --exit-idle-time=-1 --use-pid-file=yes -n \
        --log-target=syslog --load="module-null-sink sink_name=bench_sink" \
        --load="module-native-protocol-unix auth-anonymous=1 socket=$pulse/native"
    pulse_pid=$(cat "$pulse/run/pulse/pid")
    export PULSE_SERVER=unix:$pulse/native
    pactl set-default-source bench_sink.monitor
    : >"$dir/live.jsonl"
    for ending in enter silence; do
        for _ in $(seq "$voice_runs"); do
            ctl PUT player "$playing" >/dev/null
            rm -f "$dir/enter" && mkfifo "$dir/enter"
            exec 7<>"$dir/enter"
            MARGIN_WHISPER="$no_whisper" "$margin" note --voice --json <"$dir/enter" >"$dir/live-note.json" 2>"$dir/live.err" &
            note_pid=$!
            until pactl list short source-outputs | grep -q .; do sleep 0.02; done
            paplay "$utterance"
            spoken=$(date +%s.%N)
            # Enter the moment the speech ends, or let 2 s of silence end the recording.
            [ "$ending" = enter ] && echo >&7
            wait "$note_pid"
            stored=$(date +%s.%N)
            exec 7>&-
            jq -nc --arg ending "$ending" --argjson seconds "$(echo "$spoken $stored" | awk '{print $2 - $1}')" \
                --arg text "$(jq -r .text "$dir/live-note.json")" '{ending: $ending, seconds: $seconds, text: $text}' >>"$dir/live.jsonl"
        done
    done
    kill "$pulse_pid" 2>/dev/null || true
    unset PULSE_SERVER
fi
