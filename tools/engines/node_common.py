"""What the node-tree peers in Python share (taffy-0.14 through waxy, yoga-current through yoga-python): the
JSON-lines protocol of docs/engines.md "Protocol" for engines that take a tree of nodes with typed styles, a measure
function per content leaf, and a layout call that benchmarks time.

A case is checked once, by browser_common's `Tree` (the vocabulary, `values` and `style` in agreement, measure tables),
before an engine sees any of it; an adapter then maps each element's checked typed properties onto its engine and
refuses, with the JSON path, only what its engine lacks. An adapter gives an object with:

    name, info()                              the `info` reply (version, timing, viaPython)
    unmapped                                  the properties the engine has only at their initial values: `info`
                                              lists the rest of the vocabulary the request names as `properties`
    check(tree)                               refusals, before any node is made
    build(tree, width, height, leaves)        the engine's tree under a viewport node (see `Leaves`): a handle
    set_viewport(handle, width, height)       the viewport's size (None: max-content), through the engine's API
    changed(handle, index)                    tells the engine that leaf `index`'s measure answer changed (dirty mark)
    give_measure(handle, index)               makes a childless element without content a measured leaf
    compute(handle)                           the layout call, the only thing benchmarks time
    frame(handle, index)                      (x, y, width, height) of element `index`, relative to its parent's border
                                              box (the root's to the viewport's)
    edges(handle, index)                      (border + padding at the top, at the bottom) of element `index`
    dispose(handle)                           frees the engine's nodes
    set_rounding(on)                          the engine's pixel rounding for the next layout request
    baseline_is_bottom                        True where a measured leaf's baseline is its border box's bottom edge
                                              (the engine asks the leaf no baseline): `check_baselines` then refuses
                                              baseline alignment that reads a leaf whose CSS baseline is elsewhere
"""

from __future__ import annotations

import json
import math
import sys
import time

from browser_common import (Refusal, Tree, content_top, incremental_change, mapped_properties, number, parse_request, refuse, replay, schedule,  # noqa: F401
                            shown)


def keyword(tree: Tree, index: int, name: str, initial: str) -> str:
    """Element `index`'s keyword value of `name`, or the property's initial value."""
    value = tree.properties[index].get(name)
    return value[1] if value is not None and value[0] == "keyword" else initial


def is_row(tree: Tree, index: int) -> bool:
    """Whether element `index`'s main axis is horizontal (the viewport, index -1, is a row)."""
    return index < 0 or keyword(tree, index, "flex-direction", "row") in ("row", "row-reverse")


def in_flow(tree: Tree, index: int) -> bool:
    return tree.displayed[index] and keyword(tree, index, "position", "static") != "absolute"


class Leaves:
    """What each content leaf's measure function answers, by element index: its content size, or what its measure table
    replays (docs/flex-case-format.md "Measure tables"); a change of content drops the table."""

    def __init__(self, tree: Tree):
        self.contents = list(tree.contents)
        self.tables = list(tree.measures)

    def answer(self, index: int, width: tuple, height: tuple) -> tuple[float, float]:
        """The size for a request `(mode, size or None)` per axis, modes "exactly", "at-most" or "undefined": an axis
        the engine gives exactly is answered as given, the others by the content, never capped by the space."""
        table = self.tables[index]
        content = replay(table, width, height) if table is not None else (self.contents[index] or (0.0, 0.0))
        return (width[1] if width[0] == "exactly" else content[0], height[1] if height[0] == "exactly" else content[1])

    def set(self, index: int, width: float, height: float):
        self.contents[index] = (width, height)
        self.tables[index] = None


# MARK: Baselines of content leaves


def content_baseline(tree: Tree, leaves: Leaves, index: int, height: float, top: float, bottom: float) -> float:
    """A content leaf's CSS baseline from its border box's top, for a border box `height` high with `top` and
    `bottom` border + padding: the bottom of its content."""
    h = (leaves.contents[index] or (0.0, 0.0))[1]
    return top + content_top(tree.offsets[index], height - top - bottom, h) + h


def aligned_by_baseline(tree: Tree, index: int) -> bool:
    align = keyword(tree, index, "align-self", "auto")
    parent = tree.parents[index]
    return (keyword(tree, parent, "align-items", "stretch") if align == "auto" and parent >= 0 else align) == "baseline"


def baseline_sources(tree: Tree, index: int):
    """The content leaves whose baselines can decide element `index`'s baseline: the first in-flow item, or in a row an
    item aligned by its baseline, followed down the tree."""
    if tree.contents[index] is not None:
        yield index
        return
    items = [child for child in tree.children[index] if in_flow(tree, child)]
    candidates = items[:1] + ([child for child in items if aligned_by_baseline(tree, child)]
                              if is_row(tree, index) else [])
    for child in candidates:
        yield from baseline_sources(tree, child)


def check_baselines(engine, tree: Tree, leaves: Leaves, handle):
    """For an engine that takes a measured leaf's baseline from its border box's bottom edge: refuses, after the layout
    that shows it, baseline alignment in a row that reads a content leaf whose CSS baseline is elsewhere (bottom padding
    or border, or a leaf taller than its content), at the `align-items` or `align-self` that asked."""
    for index in range(len(tree.paths)):
        if not tree.displayed[index] or not is_row(tree, index):
            continue
        aligned = [child for child in tree.children[index] if in_flow(tree, child) and aligned_by_baseline(tree, child)]
        if len(aligned) < 2:
            continue
        for child in aligned:
            for leaf in baseline_sources(tree, child):
                height = engine.frame(handle, leaf)[3]
                top, bottom = engine.edges(handle, leaf)
                css = content_baseline(tree, leaves, leaf, height, top, bottom)
                if abs(css - height) > 0.005:
                    asked = child if "align-self" in tree.properties[child] else index
                    name = "align-self" if asked == child else "align-items"
                    refuse(f"{tree.json_paths[asked]}.values.{name}",
                           f"{engine.name} asks a measured leaf no baseline: it aligns {tree.json_paths[leaf]} by its "
                           f"bottom edge ({height:g}), CSS by its content's ({css:g})")


# MARK: Operations


def frames(engine, tree: Tree, handle) -> list:
    numbers = []
    for index in range(len(tree.paths)):
        frame = engine.frame(handle, index) if tree.displayed[index] else (0.0, 0.0, 0.0, 0.0)
        # JSON has no NaN: a coordinate the engine leaves undefined is written null, which the harness reads as NaN.
        numbers.extend(value if math.isfinite(value) else None for value in frame)
    return tree.frames(numbers)


# CSS Box Alignment 3's values that neither node-tree engine has: each refuses them by property.
OWN_SIDE_ALIGNMENTS = ("self-start", "self-end", "left", "right")


def check_alignments(engine, tree: Tree):
    """Refuses `self-start`, `self-end`, `left`, `right` and the `safe` alignments, with the JSON path."""
    for index in range(len(tree.paths)):
        for name in ("justify-content", "align-items", "align-self", "align-content"):
            value = tree.properties[index].get(name)
            if value and value[0] == "keyword" and (value[1] in OWN_SIDE_ALIGNMENTS or value[1].startswith("safe ")):
                refuse(f"{tree.json_paths[index]}.values.{name}", f"{engine.name} has no {value[1]}")


def layout_op(engine, request: dict) -> dict:
    rounding = request.get("rounding", False)
    if not isinstance(rounding, bool):
        refuse("$.rounding", "expected a boolean")
    tree = Tree(request, measure_tables=True)
    check_alignments(engine, tree)
    engine.check(tree)
    if "resize" in request and "change" in request:
        refuse("$.change", "a layout request carries one change: resize or change, not both")
    change = None
    if "resize" in request:
        resize = number(request["resize"], "$.resize")
    elif "change" in request:
        details = request["change"]
        if not isinstance(details, dict) or set(details) != {"path", "content"}:
            refuse("$.change", f'expected {{"path":[…],"content":{{"width","height"}}}}, got {shown(details)}')
        change = (tree.leaf(details["path"], "$.change.path"), Tree.content_size(details["content"], "$.change.content"))
    leaves = Leaves(tree)
    engine.set_rounding(rounding)
    handle = engine.build(tree, tree.viewport[0], tree.viewport[1], leaves)
    try:
        engine.compute(handle)
        if "resize" in request:
            engine.set_viewport(handle, resize, tree.viewport[1])
            engine.compute(handle)
        elif change is not None:
            index, (width, height) = change
            if tree.contents[index] is None:  # an empty leaf gets content, as a browser adds a content block
                engine.give_measure(handle, index)
            leaves.set(index, width, height)
            engine.changed(handle, index)
            engine.compute(handle)
        if engine.baseline_is_bottom:
            check_baselines(engine, tree, leaves, handle)
        return {"frames": frames(engine, tree, handle)}
    finally:
        engine.dispose(handle)
        engine.set_rounding(False)


def bench_op(engine, request: dict) -> dict:
    if request.get("rounding", False) is not False:
        refuse("$.rounding", "rounding is for layout requests only")
    tree = Tree(request, measure_tables=True)
    check_alignments(engine, tree)
    engine.check(tree)
    iterations = request.get("iterations")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        refuse("$.iterations", f"expected a positive integer, got {shown(iterations)}")
    mode = request.get("mode")
    width, height = tree.viewport
    leaf = None
    if mode == "fresh":
        first, widths = width, None
    elif mode in ("relayout", "resize"):
        # The harness's schedule: viewport width W0 untimed, then one timed layout at each of W1 … WN.
        first, *widths = schedule(request, iterations)
    elif mode == "incremental":
        leaf, contents = incremental_change(tree, request)
        first, widths = width, None
    else:
        refuse("$.mode", f'expected "fresh", "relayout", "resize" or "incremental", got {shown(mode)}')
    total = 0
    root = (0.0, 0.0)

    def timed(handle):
        """Only the engine's layout call is timed; every change before it is made outside."""
        nonlocal total, root
        start = time.perf_counter_ns()
        engine.compute(handle)
        total += time.perf_counter_ns() - start
        root = engine.frame(handle, 0)[2:]  # black hole and validity check of every result
        if not all(math.isfinite(value) and value >= 0 for value in root):
            raise RuntimeError(f"invalid root size after layout: {root}")

    if mode == "fresh":
        # A new tree per iteration, built outside the timer; each iteration times its first layout.
        for _ in range(iterations):
            leaves = Leaves(tree)
            handle = engine.build(tree, first, height, leaves)
            try:
                timed(handle)
            finally:
                engine.dispose(handle)
    else:
        leaves = Leaves(tree)
        handle = engine.build(tree, first, height, leaves)
        try:
            engine.compute(handle)
            if engine.baseline_is_bottom:
                check_baselines(engine, tree, leaves, handle)
            for step in range(iterations):
                if widths is not None:
                    engine.set_viewport(handle, widths[step], height)
                else:
                    leaves.set(leaf, contents[step % len(contents)], tree.contents[leaf][1])
                    engine.changed(handle, leaf)
                timed(handle)
        finally:
            engine.dispose(handle)
    return {"nanosPerLayout": total / iterations, "iterations": iterations, "rootWidth": root[0],
            "rootHeight": root[1]}


def handle(engine, line: str) -> dict:
    """The reply to one request line; a refusal or an engine failure is a reply, never a dead adapter."""
    try:
        request = parse_request(line)
        op = request.get("op")
        if op == "info":
            properties = mapped_properties(request, engine.unmapped)
            return {"name": engine.name, **engine.info(), **({} if properties is None else {"properties": properties})}
        if op == "layout":
            return layout_op(engine, request)
        if op == "bench":
            return bench_op(engine, request)
        return {"error": f"$.op: unknown op {shown(op)} (expected info, layout or bench)"}
    except Refusal as refusal:
        return {"error": str(refusal)}
    except Exception as error:
        return {"error": f"{engine.name}: {type(error).__name__}: {error}"}


def serve(engine):
    """Answers request lines until stdin closes."""
    sys.setrecursionlimit(20_000)  # json.loads of a case nested a thousand elements deep
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(handle(engine, line)) + "\n")
            sys.stdout.flush()
