#!/usr/bin/env python3
"""Holds Web API requests to Spotify's OpenAPI description.

    check-spotify-requests.py SPEC.yml LOG.json

LOG.json is the emulator's request log (an array of {"method","path","query","status",
"content_type","body"}). For every request under /v1/ it checks: the path and method are an
operation of SPEC; every query parameter is one the operation declares, and every required one
is there, with a value of the declared type or enum; a body only where the operation takes one,
sent as application/json, a JSON object whose keys are declared properties of the right types,
with the required ones present. Prints one line a violation and exits 1 if there is any; prints
how many requests it checked either way.
"""
import json
import re
import sys
from urllib.parse import parse_qsl

import yaml


def follow(spec, node):
    """Follows local $refs ("#/components/...") to the node they name."""
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def operations(spec):
    """[(regex, template, {method: operation})] for every path of the spec."""
    found = []
    for template, item in spec["paths"].items():
        pattern = "^/v1" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        found.append((re.compile(pattern), template, {m.upper(): op for m, op in item.items() if isinstance(op, dict)}))
    return found


def type_matches(schema, value):
    kind = schema.get("type")
    if "enum" in schema and value not in schema["enum"] and str(value) not in [str(e) for e in schema["enum"]]:
        return False
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    return True


def query_value_matches(schema, text):
    kind = schema.get("type")
    if "enum" in schema and text not in [str(e) for e in schema["enum"]]:
        return False
    if kind == "integer":
        return re.fullmatch(r"-?[0-9]+", text) is not None
    if kind == "boolean":
        return text in ("true", "false")
    return True


def check(spec, request):
    method, path = request["method"], request["path"]
    for pattern, template, ops in operations(spec):
        if pattern.match(path):
            break
    else:
        return [f"{method} {path}: no such path in the description"]
    op = ops.get(method)
    if op is None:
        return [f"{method} {path}: {template} has no {method} (it has {', '.join(sorted(ops))})"]
    problems = []
    params = [follow(spec, p) for p in op.get("parameters", [])]
    declared = {p["name"]: p for p in params if p.get("in") == "query"}
    sent = parse_qsl(request.get("query", ""), keep_blank_values=True)
    for name, value in sent:
        if name not in declared:
            problems.append(f"{method} {path}: query '{name}' is not a parameter of {template} (it has {', '.join(sorted(declared)) or 'none'})")
        elif not query_value_matches(follow(spec, declared[name].get("schema", {})), value):
            problems.append(f"{method} {path}: query '{name}={value}' is not a {declared[name].get('schema', {}).get('type', 'value')} the description allows")
    names = {name for name, _ in sent}
    for name, param in declared.items():
        if param.get("required") and name not in names:
            problems.append(f"{method} {path}: required query '{name}' is missing")
    body = request.get("body")
    content = (op.get("requestBody") or {}).get("content", {})
    if body is None:
        if (op.get("requestBody") or {}).get("required"):
            problems.append(f"{method} {path}: the description requires a body")
        return problems
    media = (request.get("content_type") or "").split(";")[0].strip().lower()
    if not content:
        problems.append(f"{method} {path}: a body was sent, but {template} takes none")
        return problems
    if media not in content:
        problems.append(f"{method} {path}: body sent as '{media}', the description takes {', '.join(content)}")
        return problems
    schema = follow(spec, content[media].get("schema", {}))
    try:
        value = json.loads(body)
    except ValueError:
        return problems + [f"{method} {path}: the body is not JSON"]
    if not type_matches(schema, value):
        return problems + [f"{method} {path}: the body is not a JSON {schema.get('type')}"]
    properties = schema.get("properties", {})
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in properties:
                problems.append(f"{method} {path}: body key '{key}' is not a property of {template} (it has {', '.join(sorted(properties))})")
            elif not type_matches(follow(spec, properties[key]), item):
                problems.append(f"{method} {path}: body key '{key}' is not a {properties[key].get('type')}")
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{method} {path}: required body key '{key}' is missing")
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check-spotify-requests.py SPEC.yml LOG.json")
    with open(sys.argv[1]) as f:
        spec = yaml.safe_load(f)
    with open(sys.argv[2]) as f:
        log = json.load(f)
    checked, problems = 0, []
    for request in log:
        if not request["path"].startswith("/v1/"):
            continue
        checked += 1
        for problem in check(spec, request):
            if problem not in problems:
                problems.append(problem)
    for problem in problems:
        print(problem)
    print(f"{checked} requests checked, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
