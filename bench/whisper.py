"""Whisper beside PocketSphinx on pocketsphinx-testdata's recordings (bench/whisper.sh).

Prints a Markdown section: word error rates (word-weighted over the five LibriVox clips, and
goforward with noise), the warm helper's time for a 10 s utterance, and a cold
`margin note --voice --audio` of a 5 s clip. Run with the Whisper runtime's Python.
"""
import json, os, re, subprocess, sys, tempfile, time, wave
import numpy

DATA = "/usr/share/pocketsphinx/test/data"
LIBRIVOX = DATA + "/librivox"
margin, helper, model, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
SPHINX = "/usr/share/pocketsphinx/model/en-us"
START_LOAD = " ".join(f"{x:.2f}" for x in os.getloadavg())

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()


def words(text):
    """Lower case, no punctuation, hyphenated words apart, Mr. as mister, small numbers in words."""
    out = []
    for word in re.sub(r"[^a-z0-9' ]", " ", text.lower().replace("-", " ")).split():
        out.append("mister" if word == "mr" else ONES[int(word)] if word.isdigit() and int(word) < 20 else word)
    return out


def errors(hypothesis, reference):
    h = words(hypothesis)
    previous = list(range(len(h) + 1))
    for i, r in enumerate(reference):
        current = [i + 1] + [0] * len(h)
        for j, w in enumerate(h):
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (r != w))
        previous = current
    return previous[-1]


def write_wav(path, samples, rate):
    with wave.open(path, "wb") as out:
        out.setnchannels(1), out.setsampwidth(2), out.setframerate(rate)
        out.writeframes(numpy.clip(samples, -32768, 32767).astype("<i2").tobytes())


def read_wav(path):
    with wave.open(path, "rb") as wav:
        return numpy.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2").astype(numpy.float64)


def sphinx(path):
    done = subprocess.run([margin, "_recognize", "--model", SPHINX, "--parent", str(os.getpid()), path], capture_output=True, text=True)
    return done.stdout.strip()


clips = []
for line in open(LIBRIVOX + "/transcription"):
    name = line[line.rindex("(") + 1:line.rindex(")")]
    reference = [w for w in line[:line.rindex("(")].split() if w not in ("<s>", "</s>")]
    clips.append((LIBRIVOX + "/" + name + ".wav", reference))

work = tempfile.mkdtemp(prefix="margin-bench-whisper-")
clean = numpy.frombuffer(open(DATA + "/goforward.raw", "rb").read(), dtype="<i2").astype(numpy.float64)
noise = numpy.random.default_rng(7).uniform(-1, 1, len(clean))
noise *= numpy.sqrt(numpy.mean(clean ** 2) / 10 ** 1.5 / numpy.mean(noise ** 2))  # 15 dB below the speech
noisy = clean + noise
positions = numpy.arange(0, len(noisy), 16000 / 44100)
goforward = work + "/goforward-noise-44k.wav"
write_wav(goforward, numpy.interp(positions, numpy.arange(len(noisy)), noisy), 44100)
ten = work + "/ten-seconds.wav"
write_wav(ten, numpy.concatenate([read_wav(clips[0][0]), read_wav(clips[1][0])]), 16000)

started = time.monotonic()
proc = subprocess.Popen([sys.executable, helper, "--model", model], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
ready = json.loads(proc.stdout.readline())
cold_load = time.monotonic() - started


def whisper(path):
    began = time.monotonic()
    proc.stdin.write(json.dumps({"audio": path}) + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    return answer["text"], time.monotonic() - began


rows, totals = [], {"whisper": 0, "sphinx": 0, "words": 0}
for path, reference in clips:
    text, seconds = whisper(path)
    heard = sphinx(path)
    w, s = errors(text, reference), errors(heard, reference)
    totals["whisper"] += w
    totals["sphinx"] += s
    totals["words"] += len(reference)
    rows.append(f"| {os.path.basename(path)[-8:-4]} | {len(reference)} | {w / len(reference):.2f} | {s / len(reference):.2f} | {seconds:.2f} s | {text} |")
gf_text, _ = whisper(goforward)
gf_ref = "go forward ten meters".split()
gf_sphinx = sphinx(goforward)
warm = sorted(whisper(ten)[1] for _ in range(runs))
proc.stdin.close()
proc.wait()

env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_DATA_HOME=work + "/data", MARGIN_WHISPER=helper,
           MARGIN_API_URL="http://127.0.0.1:9/v1", MARGIN_ACCOUNTS_URL="http://127.0.0.1:9")
cold = []
for _ in range(runs):
    began = time.monotonic()
    done = subprocess.run([margin, "note", "--voice", "--audio", clips[2][0], "--json"], env=env, capture_output=True, text=True)
    cold.append(time.monotonic() - began)
    assert done.returncode == 0 and "Whisper" in done.stderr, done.stderr
cold.sort()

w_rate, s_rate = totals["whisper"] / totals["words"], totals["sphinx"] / totals["words"]
gf_w, gf_s = errors(gf_text, gf_ref) / 4, errors(gf_sphinx, gf_ref) / 4
print("## Whisper beside PocketSphinx (bench/whisper.sh)\n")
load = " ".join(f"{x:.2f}" for x in os.getloadavg())
print(f"Whisper `tiny.en` (CTranslate2 int8, faster-whisper, beam 5) in margin-whisper; PocketSphinx with Debian's en-us model as `margin _recognize`. {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, {os.cpu_count()} cores, load average {load} at the end (start: {START_LOAD}), margin at {margin}. Word error rates after lower-casing, dropping punctuation, splitting hyphenated words, `Mr.` as `mister` and numbers under 20 in words.\n")
print("| measure | Whisper | PocketSphinx | target | status |\n|---|---:|---:|---|---|")
print(f"| WER, the five LibriVox clips together ({totals['words']} words, word-weighted) | {w_rate:.3f} | {s_rate:.3f} | ≤ 0.12 | {'met' if w_rate <= 0.12 else 'missed'} |")
print(f"| WER, goforward with noise 15 dB below, at 44.1 kHz | {gf_w:.2f} | {gf_s:.2f} | ≤ 0.05 | {'met' if gf_w <= 0.05 else 'missed'} |")
print(f"| warm helper: 10.1 s utterance, request to transcript (median of {runs}, worst) | {warm[len(warm) // 2]:.2f} s, {warm[-1]:.2f} s | — | ≤ 1.5 s | {'met' if warm[len(warm) // 2] <= 1.5 else 'missed'} |")
print(f"| cold `margin note --voice --audio` of a 5.3 s clip, helper start and model load included (median of {runs}, worst) | {cold[len(cold) // 2]:.2f} s, {cold[-1]:.2f} s | — | ≤ 3 s | {'met' if cold[len(cold) // 2] <= 3 else 'missed'} |")
print(f"| helper start and model load, cold | {cold_load:.2f} s (load {ready['load_ms']} ms) | — | — | info |")
print("\n| clip | words | WER Whisper | WER PocketSphinx | Whisper, warm | Whisper's text |\n|---|---:|---:|---:|---:|---|")
print("\n".join(rows))
print(f"| goforward + noise | 4 | {gf_w:.2f} | {gf_s:.2f} | | {gf_text} / PocketSphinx: {gf_sphinx} |")
