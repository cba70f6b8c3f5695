"""The peer for capture latency: what `margin note TEXT` does, as a spotipy script.

    peer_spotipy.py CREDENTIALS_JSON API_URL DB TEXT

Reads the access token from margin's credentials.json, asks spotipy what is playing (pointed at
the emulator), and inserts one row into DB's table `capture` with Python's sqlite3.
"""
import datetime
import json
import sqlite3
import sys

import spotipy


def main():
    credentials, api_url, db, text = sys.argv[1:5]
    with open(credentials, encoding="utf-8") as f:
        token = json.load(f)["access_token"]

    sp = spotipy.Spotify(auth=token)
    sp.prefix = api_url.rstrip("/") + "/"
    playing = sp.currently_playing(additional_types="episode") or {}
    item = playing.get("item") or {}

    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    con = sqlite3.connect(db)
    with con:
        con.execute("INSERT INTO capture (text, created_at, item_id, progress_ms) VALUES (?, ?, ?, ?)",
                    (text, now, item.get("id"), playing.get("progress_ms")))
    con.close()


if __name__ == "__main__":
    main()
