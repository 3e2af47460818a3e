#!/usr/bin/env python3
"""The smallest Ristretto peer adapter (docs/engines.md "Protocol"): JSON lines in, JSON lines out. It lays out a flex
case whose root is a row or a column of fixed-size children, and refuses everything else with the JSON path."""
import json, sys

class Refusal(Exception): pass

def px(values, name, path):
    value = values.get(name)
    if not (isinstance(value, dict) and list(value) == ["px"] and value["px"] >= 0):
        raise Refusal(f"{path}.values.{name}: only a fixed size in px")
    return float(value["px"])

# Properties whose value cannot move a fixed-size child that fits: accepted at these values only.
HARMLESS = {"box-sizing": ("border-box", "content-box"), "position": ("relative", "static"), "flex-wrap": ("nowrap",),
            "align-items": ("flex-start", "start"), "align-content": ("flex-start", "start", "stretch", "normal"),
            "justify-content": ("flex-start", "start", "normal"), "flex-shrink": (0, 1), "min-width": (0, {"px": 0})}

def only(element, keys, values, path):  # refuse the first key or property this adapter does not know
    for key in sorted(element.keys() - keys): raise Refusal(f"{path}.{key}: unsupported")
    for name, value in sorted(element.get("values", {}).items()):
        if name not in values and value not in HARMLESS.get(name, ()):
            raise Refusal(f"{path}.values.{name}: unsupported")

def layout(case):
    root = case.get("root") or {}
    only(root, {"style", "values", "id", "children"}, {"flex-direction", "column-gap", "row-gap"}, "$.case.root")
    direction = root.get("values", {}).get("flex-direction", "row")
    if direction not in ("row", "column"): raise Refusal("$.case.root.values.flex-direction: only row and column")
    main, cross = ("width", "height") if direction == "row" else ("height", "width")
    gap_name = "column-gap" if direction == "row" else "row-gap"
    gap = px(root["values"], gap_name, "$.case.root") if gap_name in root.get("values", {}) else 0.0
    size, frames = {main: 0.0, cross: 0.0}, []
    for index, child in enumerate(root.get("children", [])):
        path = f"$.case.root.children[{index}]"
        only(child, {"style", "values", "id"}, {"width", "height"}, path)
        child_size = {axis: px(child.get("values", {}), axis, path) for axis in ("width", "height")}
        origin = {main: size[main] + (gap if index else 0.0), cross: 0.0}  # packed from the start, not stretched
        frames.append({"path": [index], **({"id": child["id"]} if "id" in child else {}),
                       "x": origin["width"], "y": origin["height"], **child_size})
        size = {main: origin[main] + child_size[main], cross: max(size[cross], child_size[cross])}
    viewport = case.get("viewport") or {}
    if viewport.get("width") is not None and size["width"] > viewport["width"]:  # flex-shrink would apply
        raise Refusal("$.case.viewport.width: the children are wider than the viewport")
    return [{"path": [], **({"id": root["id"]} if "id" in root else {}), "x": 0.0, "y": 0.0, **size}] + frames

def reply(line):
    try:
        request = json.loads(line)
        if request.get("op") == "info": return {"name": "example", "version": "0.2 (tools/engines/example)"}
        if request.get("op") != "layout": raise Refusal(f"$.op: {request.get('op')!r} is not supported")
        only(request, {"op", "case"}, set(), "$")  # no resize, change or rounding
        if request["case"].get("kind") != "flex": raise Refusal("$.case.kind: only flex cases")
        return {"frames": layout(request["case"])}
    except Refusal as refusal:
        return {"error": str(refusal)}
    except (ValueError, AttributeError, TypeError, KeyError) as problem:  # malformed: refuse, never die
        return {"error": f"$: malformed request ({problem})"}

for line in sys.stdin:
    print(json.dumps(reply(line)), flush=True)
