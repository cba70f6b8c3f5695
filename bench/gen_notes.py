#!/usr/bin/env python3
"""Writes COUNT margin notes as JSONL (the note object of the contract, one per line).

    gen_notes.py [--shape even|skewed] COUNT OUT.jsonl META.json

The default shape, `even`: notes spread evenly over 2 000 episodes of 40 shows; the text is
English-ish, drawn from a vocabulary with Zipf weights, so a mid-frequency word (META's
search_word) hits some notes but not all. About 30 % carry tags and 5 % are unpinned.

`skewed`: 300 episodes of 12 shows with Zipf-weighted popularity (at 1M notes, from about
1 400 to 44 000 notes an episode); long texts (20 to 90 words) in which "the" and "of" are in
nearly every note, with words in Latin with diacritics, Cyrillic, Greek, Arabic, Devanagari and
CJK; five tags each on 10 to 45 % of notes, and the rest of the tags rare. It is the shape that
defeats plans which sort every match: big episodes, common tags, common words.

The output depends only on the arguments and this file: the same input gives the same bytes,
so run.sh caches it by this file's hash.

META.json records what the benchmark queries, and how many notes each should return: an
episode id that has notes (about 5 000 of them in the skewed shape), the largest episode, the
commonest and the rarest tag, the largest and the smallest show, a `since` moment with a tenth of the notes after
it, a mid-frequency search word and the two commonest words.
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

FOREIGN_WORDS = """über café naïve façade smørrebrød łódź señal ação straße garçon
память очередь история корабль гавань маяк письмо карта компас вопрос ответ идея
λόγος μνήμη ιστορία θάλασσα φάρος ερώτηση ιδέα χάρτης ذاكرة تاريخ بحر منارة سؤال فكرة
स्मृति इतिहास समुद्र प्रश्न विचार 日本語 記憶 歴史 灯台 質問 考え 缓存 历史 问题 想法 기억 역사 질문
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


class Tally:
    """What each benchmark query should return, counted while the notes are written."""

    def __init__(self, common_words, search_word):
        self.common_words, self.search_word = common_words, search_word
        self.search_hits = self.tagged = self.unpinned = 0
        self.episodes, self.shows, self.tags = {}, {}, {}
        self.word_hits = [0] * len(common_words)
        self.both_words = 0
        self.created = []

    def add(self, note, words):
        self.created.append(note["created_at"])
        self.search_hits += self.search_word in words
        self.tagged += bool(note["tags"])
        self.unpinned += note["item_id"] is None
        for tag in note["tags"]:
            self.tags[tag] = self.tags.get(tag, 0) + 1
        if note["item_id"] is not None:
            self.episodes[note["item_id"]] = self.episodes.get(note["item_id"], 0) + 1
            self.shows[note["show_id"]] = self.shows.get(note["show_id"], 0) + 1
        present = [word in words for word in self.common_words]
        for i, hit in enumerate(present):
            self.word_hits[i] += hit
        self.both_words += all(present)

    def meta(self, list_episode_target=None):
        """The query meta shared by both shapes; `list_episode_target` picks the episode nearest that size."""
        def top(counts):
            key = max(counts, key=lambda k: (counts[k], k)) if counts else None
            return key, counts.get(key, 0)
        big_episode, big_notes = top(self.episodes)
        tag, tag_notes = top(self.tags)
        rare_tag = min(self.tags, key=lambda k: (self.tags[k], k)) if self.tags else None
        show, show_notes = top(self.shows)
        small_show = min(self.shows, key=lambda k: (self.shows[k], k)) if self.shows else None
        # A tenth of the notes are at or after `since` (whole seconds, as the CLI takes it).
        cut = self.created[len(self.created) * 9 // 10] if self.created else "2023-01-01T00:00:00.000Z"
        since = cut[:19] + "Z"
        meta = {"big_episode": big_episode, "big_episode_notes": big_notes, "tag": tag, "tag_notes": tag_notes,
                "rare_tag": rare_tag, "rare_tag_notes": self.tags.get(rare_tag, 0), "show": show,
                "show_notes": show_notes, "small_show": small_show,
                "small_show_notes": self.shows.get(small_show, 0), "since": since,
                "since_notes": sum(c >= cut[:19] + ".000Z" for c in self.created),
                "common_word": self.common_words[0], "common_word_hits": self.word_hits[0],
                "two_words": " ".join(self.common_words[:2]), "two_words_hits": self.both_words,
                "search_word": self.search_word, "search_hits": self.search_hits,
                "tagged": self.tagged, "unpinned": self.unpinned}
        if list_episode_target is not None and self.episodes:
            episode = min(self.episodes, key=lambda k: (abs(self.episodes[k] - list_episode_target), k))
            meta.update(list_episode=episode, list_episode_notes=self.episodes[episode])
        return meta


def pinned_fields(episode, rng):
    """The pin columns of a note on `episode` (show_id, show_name, id, name, duration_ms)."""
    show_id, show_name, episode_id, episode_name, duration = episode
    progress = rng.randrange(duration)
    return dict(pinned=True, item_type="episode", item_id=episode_id,
                item_uri=f"spotify:episode:{episode_id}", item_name=episode_name,
                show_id=show_id, show_name=show_name, progress_ms=progress, duration_ms=duration,
                position=position(progress),
                link=f"https://open.spotify.com/episode/{episode_id}?t={progress // 1000}")


UNPINNED_FIELDS = dict(pinned=False, item_type=None, item_id=None, item_uri=None, item_name=None,
                       show_id=None, show_name=None, progress_ms=None, duration_ms=None,
                       position=None, link=None)


def cumulative(weights):
    out, total = [], 0.0
    for weight in weights:
        total += weight
        out.append(total)
    return out


SKEWED_SHOWS = 12
SKEWED_EPISODES = 300
SKEWED_UNPINNED = 0.03
# Tags on a large share of notes, each drawn on its own; any other tag is on about 0.1 %.
COMMON_TAGS = [("todo", 0.45), ("idea", 0.35), ("quote", 0.25), ("reread", 0.15), ("important", 0.10)]
RARE_TAGGED = 0.02


def skewed(count, out, rng):
    """The skewed shape (see the module's documentation); returns its meta."""
    shows = [(base62_id(rng), " ".join(w.capitalize() for w in rng.sample(CONTENT_WORDS, 2)) + f" Daily {s + 1}")
             for s in range(SKEWED_SHOWS)]
    episodes = []
    for e in range(SKEWED_EPISODES):
        show_id, show_name = shows[e % SKEWED_SHOWS]
        name = f"Ep. {e // SKEWED_SHOWS + 1} — " + " ".join(rng.sample(CONTENT_WORDS + FOREIGN_WORDS, 3)).capitalize()
        episodes.append((show_id, show_name, base62_id(rng), name, rng.randint(30, 180) * 60_000))
    rng.shuffle(episodes)  # popularity does not follow the show's order
    episode_cum = cumulative([1.0 / (rank + 1) ** 0.6 for rank in range(len(episodes))])
    # One weighted vocabulary: function words take 35 % of the draws, English content words 50 %
    # and the other scripts 15 %, each Zipf-weighted within its part.
    vocabulary, weights = [], []
    for words, share in ((FUNCTION_WORDS, 0.35), (CONTENT_WORDS, 0.50), (FOREIGN_WORDS, 0.15)):
        zipf = [1.0 / (rank + 1) for rank in range(len(words))]
        vocabulary += words
        weights += [share * w / sum(zipf) for w in zipf]
    word_cum = cumulative(weights)
    tally = Tally(["the", "of"], CONTENT_WORDS[SEARCH_RANK])
    moment = START
    for _ in range(count):
        words = rng.choices(vocabulary, cum_weights=word_cum, k=rng.randint(20, 90))
        text = " ".join(words).capitalize() + rng.choice([".", "!", "?", " — worth a reread."])
        moment += datetime.timedelta(milliseconds=rng.randint(1_000, 60_000))
        created = stamp(moment)
        updated = stamp(moment + datetime.timedelta(minutes=rng.randint(1, 600))) if rng.random() < 0.05 else created
        tags = [tag for tag, share in COMMON_TAGS if rng.random() < share]
        if rng.random() < RARE_TAGGED:
            tags.append(rng.choice(TAGS))
        note = {"id": note_uuid(rng), "text": text, "tags": sorted(set(tags)), "created_at": created,
                "updated_at": updated}
        if rng.random() < SKEWED_UNPINNED:
            note.update(UNPINNED_FIELDS)
        else:
            note.update(pinned_fields(rng.choices(episodes, cum_weights=episode_cum)[0], rng))
        tally.add(note, words)
        out.write(json.dumps(note, ensure_ascii=False, separators=(",", ":")))
        out.write("\n")
    # The episode listed whole: about 5 000 notes at 1M, the same share at other sizes.
    meta = tally.meta(list_episode_target=max(1, count // 200))
    meta.update(count=count, shape="skewed", episodes=len(episodes))
    return meta


def main():
    arguments = sys.argv[1:]
    shape = "even"
    if arguments[:1] == ["--shape"]:
        shape, arguments = arguments[1], arguments[2:]
    if shape not in ("even", "skewed") or len(arguments) != 3:
        sys.exit("usage: gen_notes.py [--shape even|skewed] COUNT OUT.jsonl META.json")
    count, out_path, meta_path = int(arguments[0]), arguments[1], arguments[2]
    rng = random.Random(SEED)
    if shape == "skewed":
        with open(out_path, "w", encoding="utf-8") as out:
            meta = skewed(count, out, rng)
        with open(meta_path, "w", encoding="utf-8") as out:
            json.dump(meta, out, indent=1)
            out.write("\n")
        return
    with open(out_path, "w", encoding="utf-8") as out:
        meta = even(count, out, rng)
    with open(meta_path, "w", encoding="utf-8") as out:
        json.dump(meta, out, indent=1)
        out.write("\n")


def even(count, out, rng):
    """The default shape (see the module's documentation); returns its meta."""
    episodes = catalog(rng)
    words = CONTENT_WORDS
    content_cum = cumulative([1.0 / (rank + 1) for rank in range(len(words))])
    tally = Tally(words[:2], words[SEARCH_RANK])
    list_episode = None
    episode_notes = 0
    moment = START
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

        moment += datetime.timedelta(milliseconds=rng.randint(1_000, 180_000))
        created = stamp(moment)
        updated = stamp(moment + datetime.timedelta(minutes=rng.randint(1, 600))) if rng.random() < 0.05 else created
        tags = sorted(rng.sample(TAGS, rng.randint(1, 2))) if rng.random() < TAGGED else []

        note = {"id": note_uuid(rng), "text": text, "tags": tags, "created_at": created, "updated_at": updated}
        if rng.random() < UNPINNED:
            note.update(UNPINNED_FIELDS)
        else:
            note.update(pinned_fields(rng.choice(episodes), rng))
            if list_episode is None:
                list_episode = note["item_id"]
            if note["item_id"] == list_episode:
                episode_notes += 1
        tally.add(note, text_words)
        out.write(json.dumps(note, ensure_ascii=False, separators=(",", ":")))
        out.write("\n")
    meta = tally.meta()
    meta.update(count=count, shape="even", episodes=len(episodes), list_episode=list_episode,
                list_episode_notes=episode_notes)
    return meta

if __name__ == "__main__":
    main()
