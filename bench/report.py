"""Turns the raw results of run.sh into a table, RESULTS.md and growth.png.

    report.py RESULTS_DIR OUT_DIR

RESULTS_DIR holds hyperfine's JSON exports and the small JSON files run.sh writes; OUT_DIR gets
RESULTS.md and growth.png. The table with every ratio and target goes to stdout.
"""
import json
import os
import statistics
import sys

MIB = 1024 * 1024


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def medians(path):
    """hyperfine export → {command name: result}, times in seconds."""
    return {r["command"]: r for r in load(path)["results"]}


def percentile(times, p):
    """The p-th percentile of `times`, by the nearest rank."""
    ordered = sorted(times)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))]


def timing_table(results):
    """hyperfine results as a Markdown table: median, p90, mean ± σ, min, max and runs per command."""
    lines = ["| command | median | p90 | mean ± σ | min | max | runs |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, r in results.items():
        lines.append(f"| {name} | {ms(r['median'])} | {ms(percentile(r['times'], 90))} | "
                     f"{ms(r['mean'])} ± {ms(r['stddev'] or 0)} | {ms(r['min'])} | {ms(r['max'])} | {len(r['times'])} |")
    return lines


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def size_label(n):
    return f"{n // 1_000_000}M" if n >= 1_000_000 and n % 1_000_000 == 0 else (
        f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n))


class Report:
    def __init__(self, results):
        self.dir = results
        self.machine = load(os.path.join(results, "machine.json"))
        self.targets = []  # (measure, value, target, met: bool | None)
        self.explanations = []  # why a missed target cannot be met, from the measurements
        self.startup = None  # margin --version, seconds
        self.after = {}  # this run's side of the before-and-after table

    def target(self, measure, value, target, met):
        self.targets.append((measure, value, target, met))

    # --- sections -------------------------------------------------------------------------
    def capture(self):
        results = medians(os.path.join(self.dir, "capture.json"))
        checks = load(os.path.join(self.dir, "capture-checks.json"))
        note, floor = results["margin note"], results["floor (curl + sqlite3)"]
        peer, version = results["peer (spotipy)"], results["margin --version"]
        ratio = note["median"] / floor["median"]
        speedup = peer["median"] / note["median"]
        self.target("capture: margin note / floor (curl + sqlite3)", f"{ratio:.2f}×", "≤ 1.0×", ratio <= 1.0)
        self.target("capture: spotipy / margin note", f"{speedup:.1f}× faster", "≥ 5× faster", speedup >= 5)
        self.target("start-up: margin --version", ms(version["median"]), "—", None)
        self.startup = version["median"]
        self.target("capture: token refreshes during the runs", str(checks["token_requests"]), "0",
                    checks["token_requests"] == 0)
        lines = ["## 1. Capture latency", "",
                 "Whole processes against the emulator on 127.0.0.1, each run a fresh process "
                 f"(hyperfine, {self.machine['warmup']} warm-up runs, medians of "
                 f"{self.machine['runs']} runs). The access token was fresh: "
                 f"{checks['token_requests']} token requests were made during the runs, and "
                 f"{checks['failed_requests']} requests failed.", ""] + timing_table(results)
        pinned = checks["pinned_rows"]
        lines += ["", f"margin note / floor: **{ratio:.2f}×** (target ≤ 1.0×). "
                  f"spotipy / margin note: **{speedup:.1f}×** (target ≥ 5×). "
                  f"Rows with the playing item stored: margin {pinned['margin']}, floor {pinned['floor']}, "
                  f"spotipy {pinned['peer']}.", ""]
        return lines

    def capture_https(self):
        path = os.path.join(self.dir, "capture-https.json")
        if not os.path.exists(path):
            return []
        results = medians(path)
        checks = load(os.path.join(self.dir, "capture-https-checks.json"))
        note, floor = results["margin note"], results["floor (curl + sqlite3)"]
        ratio = note["median"] / floor["median"]
        p90 = percentile(note["times"], 90) / percentile(floor["times"], 90)
        self.target("capture over HTTPS: margin note / floor", f"{ratio:.2f}×", "≤ 1.0×", ratio <= 1.0)
        self.after["https"] = ratio
        self.target("capture over HTTPS: p90 margin note / p90 floor", f"{p90:.2f}×", "≤ 1.2×", p90 <= 1.2)
        lines = ["## 1b. Capture latency over HTTPS", "",
                 "The same commands against a second emulator serving TLS from a CA made at its start. "
                 "Every client trusts the system's CAs with that one added (the path of a user behind a "
                 "proxy with its own CA): SSL_CERT_FILE (margin), CURL_CA_BUNDLE (curl) and "
                 "REQUESTS_CA_BUNDLE (spotipy) name the same bundle.", ""]
        lines += timing_table(results)
        pinned = checks["pinned_rows"]
        lines += ["", f"margin note / floor over HTTPS: **{ratio:.2f}×** (target ≤ 1.0×), p90 **{p90:.2f}×** "
                  f"(target ≤ 1.2×). Rows with the playing item stored: margin {pinned['margin']}, "
                  f"floor {pinned['floor']}, spotipy {pinned['peer']}.", ""]
        sizes = os.path.join(self.dir, "binary-size.txt")
        if os.path.exists(sizes):
            with open(sizes, encoding="utf-8") as f:
                full, *stripped = [int(line) for line in f.read().split()]
            stripped_text = f", {stripped[0] / MIB:.1f} MiB stripped (what make install installs)" if stripped else ""
            self.target("release margin binary", f"{full / MIB:.1f} MiB{stripped_text}", "—", None)
        return lines

    def requests(self):
        lines = ["## 2. Requests per command", "",
                 "From the emulator's request log, cleared before each command.", "",
                 "| command | expected | measured | requests | status |", "|---|---:|---:|---|---|"]
        with open(os.path.join(self.dir, "requests.jsonl"), encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        for row in rows:
            if "per_minute" in row:
                met = row["per_minute"] <= row["limit_per_minute"]
                expected = f"≤ {row['limit_per_minute']}/min"
                measured = f"{row['per_minute']:.1f}/min"
                detail = f"{row['measured']} in {row['seconds']} s, {row['lines']} line(s) printed: " + ", ".join(row["requests"])
            else:
                met = row["measured"] == row["expected"]
                expected, measured = str(row["expected"]), str(row["measured"])
                detail = ", ".join(row["requests"])
            self.target(f"requests: {row['command']}", measured, expected, met)
            lines.append(f"| {row['command']} | {expected} | {measured} | {detail} | {status(met)} |")
        return lines + [""]

    def scale(self):
        sizes = self.machine["sizes"]
        rows = {}
        lists, searches = medians(os.path.join(self.dir, "list.json")), medians(os.path.join(self.dir, "search.json"))
        for size in sizes:
            d = os.path.join(self.dir, f"scale-{size}")
            exports = medians(os.path.join(d, "export.json"))
            with open(os.path.join(d, "export-rss-kib.txt"), encoding="utf-8") as f:
                rss = [int(line) for line in f if line.strip()]
            imp = medians(os.path.join(d, "import.json"))
            imp = next(iter(imp.values()))
            rows[size] = {
                "meta": load(os.path.join(d, "meta.json")), "checks": load(os.path.join(d, "checks.json")),
                "import": imp["median"], "import_runs": len(imp["times"]),
                "list": lists[f"list {size}"]["median"], "search": searches[f"search {size}"]["median"],
                "export": exports["margin export"]["median"], "sqlite": exports["sqlite3 -json"]["median"],
                "export_runs": len(exports["margin export"]["times"]),
                "rss": statistics.median(rss) * 1024 if rss else float("nan"),
            }
        self.rows = rows
        largest, smallest = max(sizes), min(sizes)

        for size in sizes:
            r = rows[size]
            label = size_label(size)
            self.target(f"store {label}: list --episode", ms(r["list"]), "≤ 20 ms", r["list"] <= 0.020)
            self.target(f"store {label}: search --limit 20", ms(r["search"]), "≤ 20 ms", r["search"] <= 0.020)
            ratio = r["export"] / r["sqlite"]
            self.target(f"store {label}: export / sqlite3 -json", f"{ratio:.2f}×", "≤ 1.2×", ratio <= 1.2)
            rate = size / r["import"]
            at_million = size == 1_000_000
            self.target(f"store {label}: import", f"{rate:,.0f} notes/s", "≥ 100,000 notes/s" if at_million else "—",
                        rate >= 100_000 if at_million else None)
            if at_million:
                self.target(f"store {label}: export jsonl", ms(r["export"]), "≤ 5.2 s", r["export"] <= 5.2)
                self.after.update({"import": rate, "export": r["export"]})
            rss = r["rss"] / MIB
            self.target(f"store {label}: export peak RSS", f"{rss:.1f} MiB", "≤ 64 MiB" if at_million else "—",
                        rss <= 64 if at_million else None)
        self.explain_export(sizes, rows)
        if largest != smallest:
            for kind in ("list", "search"):
                growth = rows[largest][kind] / rows[smallest][kind]
                name = f"store {size_label(largest)} / {size_label(smallest)}: {kind} time"
                is_spec = largest == 1_000_000 and smallest == 1000
                self.target(name, f"{growth:.2f}×", "≤ 2×" if is_spec else "≤ 2× (spec: 1M / 1k)", growth <= 2)

        lines = ["## 3. Store scale", "",
                 f"Stores generated by gen_notes.py over {rows[smallest]['meta']['episodes']:,} episodes, loaded with "
                 "`margin import` into an empty store. Medians: import (after one warm-up import) of "
                 f"{self.machine['import_runs']} runs; list and search of {self.machine['runs']} runs, every size in one "
                 "hyperfine call after all imports; export of 5 to "
                 f"{self.machine['runs']} runs; peak RSS of 3 runs (`/usr/bin/time -v`). Export goes to /dev/null; "
                 "the reference is `sqlite3 -json` over the note columns of table `note`, in export order.", "",
                 "| notes | import | notes/s | list --episode | search --limit 20 | export jsonl | sqlite3 -json | export / sqlite3 | export peak RSS |",
                 "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for size in sizes:
            r = rows[size]
            lines.append(f"| {size:,} | {ms(r['import'])} | {size / r['import']:,.0f} | {ms(r['list'])} | "
                         f"{ms(r['search'])} | {ms(r['export'])} | {ms(r['sqlite'])} | "
                         f"{r['export'] / r['sqlite']:.2f}× | {r['rss'] / MIB:.1f} MiB |")
        lines += ["", "What each query returned (a check that the commands did the work):", "",
                  "| notes | list --episode: notes (expected) | search word | search: notes (hits in store) | exported lines | sqlite3 rows |",
                  "|---:|---:|---|---:|---:|---:|"]
        for size in sizes:
            m, c = rows[size]["meta"], rows[size]["checks"]
            lines.append(f"| {size:,} | {c['listed']} ({m['list_episode_notes']}) | {m['search_word']} | "
                         f"{c['found']} ({m['search_hits']}) | {c['exported']:,} | {c['reference_rows']:,} |")
        lines += ["", f"Reference query: `sqlite3 -json DB \"{rows[largest]['checks']['reference_query']}\"`", "",
                  "![list, search and export time against store size](growth.png)", ""]
        return lines

    def filters(self):
        """Part 4: every filter and search at the largest size, on both shapes, against the targets.

        The targets are for the query in-process, so margin's start-up (`margin --version`, measured in
        the same hyperfine call) is taken off each whole-process median."""
        shapes = [s for s in ("even", "skewed") if os.path.exists(os.path.join(self.dir, f"filters-{s}", "queries.json"))]
        if not shapes:
            return []
        data = {}
        for shape in shapes:
            d = os.path.join(self.dir, f"filters-{shape}")
            with open(os.path.join(d, "returned.jsonl"), encoding="utf-8") as f:
                returned = {row["name"]: row["notes"] for row in map(json.loads, filter(str.strip, f))}
            seconds = os.path.join(d, "import-seconds.txt")
            data[shape] = {"queries": medians(os.path.join(d, "queries.json")), "returned": returned,
                           "export": medians(os.path.join(d, "export.json")), "meta": load(os.path.join(d, "meta.json")),
                           "import": float(open(seconds, encoding="utf-8").read()) if os.path.exists(seconds) else None}
        size = size_label(data[shapes[0]]["meta"]["count"])
        names = [n for n in data[shapes[0]]["queries"] if n != "margin --version"]
        lines = ["## 4. Every filter", "",
                 f"`margin list` and `margin search` with `--json` on {size}-note stores of both gen_notes.py shapes "
                 "(even: the default; skewed: `--shape skewed`, a few hundred big episodes, tags on up to 45 % of "
                 "notes, \"the\" in nearly every note), medians of whole processes "
                 f"({self.machine['runs']} runs). In-process is the median less margin's start-up (`margin --version` "
                 "in the same hyperfine call). Targets, in-process: 20 ms; 50 ms for an episode's "
                 "5 000 notes (the skewed shape's; the even shape's episode has fewer); Markdown export within 1.5× of "
                 "JSON Lines. COMMON, RARE, BIG, SMALL: the commonest and rarest tag, the largest and smallest show "
                 "or episode; TENTH: the moment a tenth of the notes are newer than.", "",
                 "| query | " + " | ".join(f"{s}: median | {s}: in-process | {s}: notes" for s in shapes) + " | target |",
                 "|---|" + "---:|---:|---:|" * len(shapes) + "---|"]
        for name in names:
            limit = 0.050 if "(all its notes)" in name else 0.020
            cells = []
            for shape in shapes:
                q = data[shape]["queries"]
                startup = q["margin --version"]["median"]
                inprocess = q[name]["median"] - startup
                cells += [ms(q[name]["median"]), ms(inprocess), str(data[shape]["returned"].get(name, "?"))]
                self.target(f"filters {shape} {size}: {name}", ms(inprocess), f"≤ {limit * 1000:.0f} ms in-process",
                            inprocess <= limit)
                key = "episode" if "(all its notes)" in name else "filters"
                self.after[key] = max(self.after.get(key, 0), inprocess)
            lines.append(f"| {name} | " + " | ".join(cells) + f" | ≤ {limit * 1000:.0f} ms |")
        lines += ["", "| shape | export jsonl | export markdown | markdown / jsonl | import (one run) |",
                  "|---|---:|---:|---:|---:|"]
        for shape in shapes:
            e = data[shape]["export"]
            jsonl, markdown = e["export jsonl"]["median"], e["export markdown"]["median"]
            ratio = markdown / jsonl
            self.target(f"filters {shape} {size}: export markdown / jsonl", f"{ratio:.2f}×", "≤ 1.5×", ratio <= 1.5)
            imported = data[shape]["import"]
            lines.append(f"| {shape} | {ms(jsonl)} | {ms(markdown)} | {ratio:.2f}× | "
                         + (f"{ms(imported)} |" if imported else "part 3 |"))
        return lines + [""]

    def voice(self):
        """Part 5: PocketSphinx's speed, and end of speech to stored note for a 10 s utterance."""
        d = os.path.join(self.dir, "voice")
        if not os.path.exists(os.path.join(d, "live.jsonl")):
            return []
        with open(os.path.join(d, "transcribe.jsonl"), encoding="utf-8") as f:
            runs = [json.loads(line) for line in f if line.strip()]
        with open(os.path.join(d, "live.jsonl"), encoding="utf-8") as f:
            live = [json.loads(line) for line in f if line.strip()]
        audio = runs[0]["audio"]
        cpu = statistics.median(r["cpu"] for r in runs)
        wall = statistics.median(r["wall"] for r in runs)
        self.target("voice: transcription speed (audio s per CPU s, whole process)", f"{audio / cpu:.1f}×", "—", None)
        lines = ["## 5. Voice notes", "",
                 f"PocketSphinx (Debian's en-us model) on a {audio:.1f} s utterance of read speech (two LibriVox clips "
                 "from pocketsphinx-testdata, joined with sox): whole `margin note --voice --audio` processes, "
                 f"medians of {len(runs)} runs; CPU is user + system, model loading included.", "",
                 "| audio | wall | CPU | audio seconds per CPU second | per wall second |", "|---:|---:|---:|---:|---:|",
                 f"| {audio:.1f} s | {ms(wall)} | {ms(cpu)} | {audio / cpu:.1f}× | {audio / wall:.1f}× |", "",
                 f"Transcript: \"{runs[0]['text']}\"", ""]
        file5 = os.path.join(d, "file5.jsonl")
        if os.path.exists(file5):
            with open(file5, encoding="utf-8") as f:
                clips = [json.loads(line) for line in f if line.strip()]
            stored = statistics.median(r["stored"] for r in clips)
            complete = statistics.median(r["complete"] for r in clips)
            lines += ["A 5 s clip from a file (`--audio`), from the command's start: the note is in the store (pending, "
                      "pinned, before the recognizer runs), then complete with its transcript (margin's exit); "
                      f"medians of {len(clips)} runs, the store polled every 5 ms with sqlite3.", "",
                      "| 5 s clip | stored (pending) | complete |", "|---|---:|---:|",
                      f"| median | {ms(stored)} | {ms(complete)} |", ""]
            self.target("voice: 5 s clip from a file, note stored (pending) after the start", ms(stored), "≤ 1.0 s", stored <= 1.0)
            self.target("voice: 5 s clip from a file, note complete after the start", ms(complete), "—", None)
        lines += [
                 "Live: `margin note --voice` records from a private PulseAudio server's null-sink monitor while paplay "
                 "plays the utterance into the sink; timed from the moment paplay has played it to margin's exit "
                 "(the note stored, playback resumed). Enter: Enter is pressed as the speech ends. Silence: margin "
                 "waits for 2 s of silence, which the time includes.", "",
                 "| ending | median | min | max | runs |", "|---|---:|---:|---:|---:|"]
        for ending in ("enter", "silence"):
            times = [r["seconds"] for r in live if r["ending"] == ending]
            if not times:
                continue
            median = statistics.median(times)
            lines.append(f"| {ending} | {ms(median)} | {ms(min(times))} | {ms(max(times))} | {len(times)} |")
            if ending == "enter":
                self.target("voice: end of a 10 s utterance to stored note (Enter)", ms(median), "≤ 1.5 s", median <= 1.5)
            else:
                self.target("voice: end of a 10 s utterance to stored note (2 s of silence)", ms(median), "—", None)
        return lines + [""]

    def library(self):
        """Part 7: the requests `margin episodes --annotated` makes for 200 annotated episodes."""
        data = load(os.path.join(self.dir, "library", "library.json")) \
            if os.path.exists(os.path.join(self.dir, "library", "library.json")) else None
        if not data:
            return []
        runs = {r["run"]: r for r in data["runs"]}
        cold, fresh = runs["cold"]["requests"], runs["fresh"]["requests"]
        self.target(f"library: episodes --annotated, {data['episodes']} episodes, cold cache", f"{cold} requests", "≤ 4", cold <= 4)
        self.target(f"library: episodes --annotated, {data['episodes']} episodes, fresh cache", f"{fresh} requests", "0", fresh == 0)
        labels = {"cold": "cold cache: `GET /episodes?ids=`, 50 ids a request",
                  "fresh": "fresh cache (every episode seen within the hour)",
                  "refresh": "`--refresh`", "development": "`--refresh`, development-mode app (Spotify refuses batches: one by one, 4 at a time)"}
        lines = ["## 7. The podcast library", "",
                 f"bench/library.sh: {data['notes']} notes on {data['episodes']} episodes of 10 generated shows, the emulator "
                 "over HTTP; whole `margin episodes --annotated --json` processes, requests counted from the emulator's log.", "",
                 "| run | requests | time |", "|---|---:|---:|"]
        for key in ("cold", "fresh", "refresh", "development"):
            lines.append(f"| {labels[key]} | {runs[key]['requests']} | {runs[key]['ms']} ms |")
        return lines + [""]

    # --- outputs --------------------------------------------------------------------------
    def before_after(self, path):
        """The five measures a restructure must keep, from `bench/before.json` and this run."""
        if not os.path.exists(path):
            return []
        before = load(path)
        a = self.after
        rows = [("import, 1M notes", f"{before['import_1m_notes_per_s']:,} notes/s",
                 f"{a['import']:,.0f} notes/s" if "import" in a else "not run", "≥ 100,000 notes/s"),
                ("export jsonl, 1M notes", f"{before['export_jsonl_1m_s']:.2f} s",
                 ms(a["export"]) if "export" in a else "not run", "≤ 5.2 s"),
                ("worst list/search filter, 1M notes (in-process)", f"{before['filters_worst_ms']:.1f} ms",
                 ms(a["filters"]) if "filters" in a else "not run", "≤ 20 ms"),
                ("an episode's 5 000 notes, 1M notes (in-process)", f"{before['episode_5k_ms']:.1f} ms",
                 ms(a["episode"]) if "episode" in a else "not run", "≤ 50 ms"),
                ("capture over HTTPS / curl + sqlite3 floor", f"{before['capture_https_ratio']:.2f}×",
                 f"{a['https']:.2f}×" if "https" in a else "not run", "≤ 1.0×")]
        lines = ["## Before and after", "", f"Before: {before['label']}. After: this run.", "",
                 "| measure | before | after | target |", "|---|---:|---:|---|"]
        lines += [f"| {name} | {b} | {after} | {target} |" for name, b, after, target in rows]
        return lines + [""]

    def table(self):
        if not self.targets:
            return "no targets in this run"
        width = max(len(t[0]) for t in self.targets)
        vwidth = max(len(t[1]) for t in self.targets)
        twidth = max(len(t[2]) for t in self.targets)
        out = [f"{'measure':<{width}}  {'measured':>{vwidth}}  {'target':<{twidth}}  status",
               "-" * (width + vwidth + twidth + 14)]
        for measure, value, target, met in self.targets:
            out.append(f"{measure:<{width}}  {value:>{vwidth}}  {target:<{twidth}}  {status(met)}")
        return "\n".join(out)

    def explain_export(self, sizes, rows):
        """Says why an export ratio missed at a small size cannot be met, when the measurements show it.

        The cost of one more note comes from the two largest stores; what is left of the small store's
        export time is margin's fixed cost. When start-up alone plus the notes' own cost exceeds 1.2× of
        sqlite3's whole run, no export code can meet the ratio at that size."""
        if self.startup is None or len(sizes) < 3:
            return
        big, bigger = sorted(sizes)[-2:]
        per_note = (rows[bigger]["export"] - rows[big]["export"]) / (bigger - big)
        met = [size_label(size) for size in sizes if rows[size]["export"] / rows[size]["sqlite"] <= 1.2]
        for size in sizes:
            r = rows[size]
            allowed, notes = 1.2 * r["sqlite"], per_note * size
            if r["export"] / r["sqlite"] <= 1.2 or self.startup + notes <= allowed:
                continue
            self.explanations.append(
                f"store {size_label(size)}: export / sqlite3 -json cannot be met at this size. sqlite3's whole run "
                f"takes {ms(r['sqlite'])}, so {ms(allowed)} is allowed. Exporting {size:,} notes costs margin "
                f"{ms(notes)} ({per_note * 1e6:.2f} µs a note, from the {size_label(big)} and {size_label(bigger)} "
                f"stores), and its start-up alone (`margin --version`) takes {ms(self.startup)}: together "
                f"{ms(self.startup + notes)}, more than allowed before opening the store is counted."
                + (f" At {' and '.join([', '.join(met[:-1]), met[-1]] if len(met) > 1 else met)}, where the export's own work is what is timed, the ratio is met." if met else ""))

    def markdown(self, sections):
        m = self.machine
        met = sum(1 for t in self.targets if t[3] is True)
        missed = [t[0] for t in self.targets if t[3] is False]
        head = ["# margin benchmarks", "",
                "Produced by `make bench` (bench/run.sh); bench/README.md explains each measure.", ""]
        if not m["full"]:
            head += [f"**Partial run** (BENCH_SIZES=\"{' '.join(map(str, m['sizes']))}\", BENCH_RUNS={m['runs']}, "
                     f"BENCH_WATCH_SECONDS={m['watch_seconds']}, BENCH_PARTS={m.get('parts', 'all')}): not the full default suite.", ""]
        with open("/proc/loadavg", encoding="utf-8") as f:
            end_load = " ".join(f.read().split()[:3])
        busiest = max(float(x) for x in m["load"].split() + end_load.split())
        if busiest > m["cores"]:
            head += [f"The machine was busy during this run (load average up to {busiest:.1f} on {m['cores']} cores): "
                     "timings are slower and noisier than on an idle machine; compare runs made under similar load.", ""]
        head += ["| machine | |", "|---|---|",
                 f"| CPU | {m['cpu']} |", f"| cores | {m['cores']} |", f"| kernel | {m['kernel']} |",
                 f"| date | {m['date']} |",
                 f"| load average (1, 5, 15 min) | {m['load']} at start, {end_load} at the end |",
                 f"| margin | {m['margin']}, release build of {m['built']} (work tree at commit {m['commit']}"
                 f"{', with local changes' if m['modified'] else ''}) |",
                 f"| tools | hyperfine {m['hyperfine'].split()[-1]}, sqlite3 {m['sqlite']}, {m['python']}, spotipy {m['spotipy']} |",
                 "", "## Targets", "",
                 f"{met} met, {len(missed)} missed" + (f" ({', '.join(missed)})." if missed else "."), "",
                 "| measure | measured | target | status |", "|---|---:|---|---|"]
        head += [f"| {a} | {b} | {c} | {status(d)} |" for a, b, c, d in self.targets]
        if self.explanations:
            head += [""] + [f"- {line}" for line in self.explanations]
        return "\n".join(head + [""] + sections) + "\n"

    def plot(self, path):
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        sizes = sorted(self.rows)
        fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
        series = [("list", "margin list --episode", "o-"), ("search", "margin search --limit 20", "s-"),
                  ("export", "margin export jsonl", "^-"), ("sqlite", "sqlite3 -json (reference)", "^--")]
        for key, label, style in series:
            ax.plot(sizes, [self.rows[s][key] * 1000 for s in sizes], style, label=label)
        ax.axhline(20, color="grey", linewidth=0.8, linestyle=":", label="20 ms target")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xticks(sizes, [size_label(s) for s in sizes])
        ax.minorticks_off()
        ax.set_xlabel("notes in the store")
        ax.set_ylabel("median time (ms)")
        ax.set_title("margin: time against store size")
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)


def status(met):
    return "met" if met is True else ("missed" if met is False else "info")


def main():
    results, out_dir = sys.argv[1], sys.argv[2]
    report = Report(results)
    everything = report.machine.get("parts", "all") == "all"
    sections = (report.capture() + report.capture_https() + report.requests() + report.scale() if everything else []) \
        + report.filters() + report.voice() + report.library()
    sections = report.before_after(os.path.join(os.path.dirname(os.path.abspath(__file__)), "before.json")) + sections
    if everything:
        report.plot(os.path.join(out_dir, "growth.png"))
    with open(os.path.join(out_dir, "RESULTS.md"), "w", encoding="utf-8") as f:
        f.write(report.markdown(sections))
    print(report.table())
    print(f"\nwrote {os.path.join(out_dir, 'RESULTS.md')}" + (" and growth.png" if everything else ""))


if __name__ == "__main__":
    main()
