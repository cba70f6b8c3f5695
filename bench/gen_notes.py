#!/usr/bin/env python3
"""Writes COUNT margin notes as JSONL (the note object of the contract, one per line).

    gen_notes.py COUNT OUT.jsonl META.json

The notes are spread over 2 000 episodes of 40 shows; the text is English-ish, drawn from a
vocabulary with Zipf weights, so a mid-frequency word (META's search_word) hits some notes but
not all. About 30 % carry tags and 5 % are unpinned. The output depends only on COUNT and this
file: the same input gives the same bytes, so run.sh caches it by this file's hash.

META.json records what the benchmark queries: an episode id that has notes, the search word,
and how many notes each should return.
"""
import datetime
import json
import random
import sys

SEED = 20261121
SHOWS = 40
EPISODES_PER_SHOW = 50  # 2 000 episodes
UNPINNED = 0.05
TAGGED = 0.30
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
START = datetime.datetime(2023, 1, 1, tzinfo=datetime.timezone.utc)

FUNCTION_WORDS = """the a of to and in that is it for on with as this was but be at by not
they we you he she or from have an are his her so if about what when there can more""".split()

CONTENT_WORDS = """cache stampede naming things latency queue retry backoff jitter index schema
migration history river harbour tide lighthouse voyage merchant archive letter map compass
podcast episode guest host story question answer idea argument example theory practice
design pattern function module package library version release deploy server client request
response token cookie memory thread lock deadlock race condition test failure error crash
recovery backup restore journal ledger census village market bridge railway canal factory
strike union election treaty empire colony island coast storm flood drought harvest famine
garden forest mountain valley winter summer autumn spring morning evening night silence
music rhythm melody chorus verse poem novel chapter author reader editor critic review
price cost budget debt interest loan bank trade tariff export import supply demand growth
kernel compiler parser lexer grammar syntax semantic type generic protocol interface
database query transaction commit rollback replica shard partition cluster network packet
router socket timeout deadline budget estimate rewrite refactor legacy monolith service
metric dashboard alert pager incident outage postmortem blameless culture team manager
hiring interview mentor junior senior career burnout focus habit routine notebook margin
quote reference source citation footnote anecdote joke metaphor analogy paradox puzzle
curiosity craft code tidewater sailor whaler fisherman navigator cartographer surveyor
engineer architect mason carpenter weaver potter baker brewer farmer shepherd miller
children school teacher student lecture exam library museum gallery theatre cinema radio
telegraph telephone printing press newspaper pamphlet rumour scandal trial verdict prison
revolution reform parliament senate council mayor governor king queen bishop monk abbey
castle fortress siege battle army navy admiral general soldier veteran pension widow orphan
immigrant exile refugee border passport customs smuggler pirate privateer convoy cargo
salt spice tea coffee sugar cotton wool silk timber iron coal steam engine turbine dynamo
electric lamp bulb wire cable satellite orbit rocket telescope planet comet eclipse tide
""".split()

SEARCH_RANK = 120  # the search word's rank among content words (~1 % of notes at any size)
TAGS = """caching naming history maritime reread quote todo idea followup book music
economics politics science engineering craft funny important question""".split()


def base62_id(rng):
    return "".join(rng.choice(BASE62) for _ in range(22))


def note_uuid(rng):
    value = rng.getrandbits(128)
    value = (value & ~(0xF000 << 64)) | (0x4000 << 64)       # version 4
    value = (value & ~(0xC000 << 48)) | (0x8000 << 48)       # RFC 4122 variant
    h = f"{value:032x}"
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def position(ms):
    seconds = ms // 1000
    hours, minutes, secs = seconds // 3600, seconds % 3600 // 60, seconds % 60
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def catalog(rng):
    """2 000 episodes: (show_id, show_name, episode_id, episode_name, duration_ms)."""
    episodes = []
    for s in range(SHOWS):
        show_id = base62_id(rng)
        show_name = " ".join(w.capitalize() for w in rng.sample(CONTENT_WORDS, 2)) + f" Hour {s + 1}"
        for e in range(EPISODES_PER_SHOW):
            name = f"Ep. {e + 1} — " + " ".join(rng.sample(CONTENT_WORDS, 3)).capitalize()
            episodes.append((show_id, show_name, base62_id(rng), name, rng.randint(20, 120) * 60_000))
    return episodes


def main():
    count, out_path, meta_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    rng = random.Random(SEED)
    episodes = catalog(rng)
    words = CONTENT_WORDS
    search_word = words[SEARCH_RANK]
    content_weights = [1.0 / (rank + 1) for rank in range(len(words))]
    content_cum = []
    total = 0.0
    for weight in content_weights:
        total += weight
        content_cum.append(total)

    list_episode = None
    episode_notes = 0
    search_hits = 0
    tagged = unpinned = 0
    moment = START
    with open(out_path, "w", encoding="utf-8") as out:
        for _ in range(count):
            length = rng.randint(4, 18)
            content = rng.choices(words, cum_weights=content_cum, k=length)
            text_words = []
            for i, word in enumerate(content):
                if i and rng.random() < 0.45:
                    text_words.append(rng.choice(FUNCTION_WORDS))
                text_words.append(word)
            text = " ".join(text_words)
            if rng.random() < 0.3:
                text = text.capitalize() + rng.choice([".", "!", "?", " — worth a reread."])
            if search_word in content:
                search_hits += 1

            moment += datetime.timedelta(milliseconds=rng.randint(1_000, 180_000))
            created = stamp(moment)
            updated = stamp(moment + datetime.timedelta(minutes=rng.randint(1, 600))) if rng.random() < 0.05 else created
            tags = sorted(rng.sample(TAGS, rng.randint(1, 2))) if rng.random() < TAGGED else []
            tagged += bool(tags)

            note = {"id": note_uuid(rng), "text": text, "tags": tags, "created_at": created, "updated_at": updated}
            if rng.random() < UNPINNED:
                unpinned += 1
                note.update(pinned=False, item_type=None, item_id=None, item_uri=None, item_name=None,
                            show_id=None, show_name=None, progress_ms=None, duration_ms=None,
                            position=None, link=None)
            else:
                show_id, show_name, episode_id, episode_name, duration = rng.choice(episodes)
                progress = rng.randrange(duration)
                note.update(pinned=True, item_type="episode", item_id=episode_id,
                            item_uri=f"spotify:episode:{episode_id}", item_name=episode_name,
                            show_id=show_id, show_name=show_name, progress_ms=progress, duration_ms=duration,
                            position=position(progress),
                            link=f"https://open.spotify.com/episode/{episode_id}?t={progress // 1000}")
                if list_episode is None:
                    list_episode = episode_id
                if episode_id == list_episode:
                    episode_notes += 1
            out.write(json.dumps(note, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")

    meta = {"count": count, "episodes": len(episodes), "list_episode": list_episode,
            "list_episode_notes": episode_notes, "search_word": search_word, "search_hits": search_hits,
            "tagged": tagged, "unpinned": unpinned}
    with open(meta_path, "w", encoding="utf-8") as out:
        json.dump(meta, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
