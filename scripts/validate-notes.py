#!/usr/bin/env python3
"""Validates margin's note JSON against schema/note.schema.json.

Usage: validate-notes.py SCHEMA FILE   (FILE: one object, a JSON array of objects, or JSON Lines)
Prints one line per invalid note and exits 1 when any is invalid.
"""
import json
import sys

import jsonschema


def notes(text):
    stripped = text.strip()
    if not stripped:
        return []
    if stripped.startswith("["):
        return json.loads(stripped)
    if "\n" not in stripped:
        return [json.loads(stripped)]
    return [json.loads(line) for line in stripped.splitlines() if line.strip()]


def main():
    schema_path, data_path = sys.argv[1], sys.argv[2]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    with open(data_path, encoding="utf-8") as handle:
        items = notes(handle.read())
    bad = 0
    for index, item in enumerate(items, 1):
        for error in validator.iter_errors(item):
            bad += 1
            print(f"note {index}: {'/'.join(map(str, error.absolute_path)) or '(object)'}: {error.message}")
    print(f"{len(items)} notes checked, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
