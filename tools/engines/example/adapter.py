#!/usr/bin/env python3
"""The smallest Ristretto peer adapter (docs/conformance.md): JSON lines in, JSON lines out. It lays out an hbox or a
vbox of fixed-size leaves that fits its proposal, and refuses everything else with the JSON path of the reason."""
import json, sys

class Refusal(Exception): pass

def fixed(value, path):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise Refusal(f"{path}: only fixed sizes (a number >= 0)")
    return float(value)

def check_keys(node, allowed, path):
    for key in sorted(node.keys() - allowed): raise Refusal(f"{path}.{key}: unsupported")

def layout(case):
    root = case.get("root") or {}
    if root.get("type") not in ("hbox", "vbox"): raise Refusal("$.case.root.type: only hbox and vbox")
    check_keys(root, {"type", "space", "children"}, "$.case.root")
    main, cross = ("width", "height") if root["type"] == "hbox" else ("height", "width")
    space, size, frames = fixed(root.get("space", 0), "$.case.root.space"), {main: 0.0, cross: 0.0}, []
    for index, leaf in enumerate(root.get("children", [])):
        path = f"$.case.root.children[{index}]"
        if leaf.get("type") != "leaf": raise Refusal(f"{path}.type: only leaves")
        check_keys(leaf, {"type", "width", "height"}, path)
        leaf_size = {axis: fixed(leaf.get(axis), f"{path}.{axis}") for axis in ("width", "height")}
        origin = {main: size[main] + (space if index else 0), cross: 0.0}  # leaves start at the top (hbox) or left
        frames.append({"path": [index], "x": origin["width"], "y": origin["height"], **leaf_size})
        size = {main: origin[main] + leaf_size[main], cross: max(size[cross], leaf_size[cross])}
    for axis in ("width", "height"):  # a wrap root takes its content's size when the content fits the proposal
        if (case.get("proposal") or {}).get(axis) is not None and size[axis] > case["proposal"][axis]:
            raise Refusal(f"$.case.proposal.{axis}: the content overflows the proposal")
    return [{"path": [], "x": 0.0, "y": 0.0, **size}] + frames

def reply(line):
    try:
        request = json.loads(line)
        if request.get("op") == "info": return {"name": "example", "version": "0.1 (tools/engines/example)"}
        if request.get("op") == "layout": return {"frames": layout(request.get("case") or {})}
        raise Refusal(f"$.op: {request.get('op')!r} is not supported")
    except (Refusal, ValueError, AttributeError, TypeError) as problem:  # refuse, never die
        return {"error": str(problem)}

for line in sys.stdin:
    print(json.dumps(reply(line)), flush=True)
