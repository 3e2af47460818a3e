// The in-page half of the Chromium adapter (tools/engines/chromium/adapter.py), evaluated once per page.
//
// A tree is a viewport and a description: the viewport's CSS width and height ("200px" or "max-content"), and per
// case element in pre-order [parentIndex (-1 for the root), [[property, value]…], content ([width, height] or null)].
// Everything in it was written by the adapter from checked values. The viewport element is the row flex container
// of docs/flex-case-format.md "Layout and frames"; the root is its only child; every element is a <div> styled with
// element.style.setProperty only (no markup is ever parsed), and a leaf with content holds one block of that size.
//
// Timing uses performance.now() around a whole batch of forced layouts (the page's clock has 5 µs steps); a forced
// layout is a style write followed by reading offsetHeight: style invalidation, style recalc and layout, no paint.
globalThis.ristretto = (() => {
  const VIEWPORT = [["display", "flex"], ["flex-direction", "row"], ["align-items", "flex-start"],
    ["justify-content", "flex-start"], ["position", "absolute"], ["left", "0px"], ["top", "0px"]];
  const CONTENT = [["display", "block"], ["flex", "none"], ["min-width", "0px"], ["min-height", "0px"]];

  /** A value Chrome's CSS parser did not accept (the adapter wrote something wrong): reported, not thrown on. */
  class Rejected extends Error {
    constructor(index, property, value) {
      super(`${property}: ${value}`);
      this.details = { index, property, value };
    }
  }

  /** Sets one longhand (or `flex`), checking that Chrome accepted the value. */
  function set(element, index, property, value) {
    element.style.setProperty(property, value);
    if (element.style.getPropertyValue(property) === "") throw new Rejected(index, property, value);
  }

  /** A tree, detached: { viewport, elements (the case's, index for index), blocks (content blocks, or null) }. */
  function build([width, height], description) {
    const viewport = document.createElement("div");
    for (const [property, value] of VIEWPORT) set(viewport, -1, property, value);
    set(viewport, -1, "width", width);
    set(viewport, -1, "height", height);
    const elements = new Array(description.length);
    const blocks = new Array(description.length).fill(null);
    description.forEach(([parent, style, content], index) => {
      const element = document.createElement("div");
      for (const [property, value] of style) set(element, index, property, value);
      if (content) blocks[index] = contentBlock(element, index, content[0], content[1]);
      (parent < 0 ? viewport : elements[parent]).appendChild(element);
      elements[index] = element;
    });
    return { viewport, elements, blocks };
  }

  /** The one child of a leaf with content: a block of exactly that size, not listed in frames. */
  function contentBlock(leaf, index, width, height) {
    const block = document.createElement("div");
    for (const [property, value] of CONTENT) set(block, index, property, value);
    set(block, index, "width", width);
    set(block, index, "height", height);
    leaf.appendChild(block);
    return block;
  }

  /** x, y, width, height of every case element (border boxes), x/y relative to the parent's border box (the root's
   * to the viewport's). An element that is not displayed gives zeros, which the adapter drops. */
  function frames(tree, description) {
    const origin = tree.viewport.getBoundingClientRect();
    const rects = tree.elements.map((element) => element.getBoundingClientRect());
    const out = [];
    rects.forEach((rect, index) => {
      const parent = description[index][0] < 0 ? origin : rects[description[index][0]];
      out.push(rect.left - parent.left, rect.top - parent.top, rect.width, rect.height);
    });
    return out;
  }

  /** Sets `property` of `element` to each value in turn and forces a layout after each; the mean in nanoseconds. */
  function timedChanges(viewport, element, property, values) {
    let sink = 0;
    const start = performance.now();
    for (const value of values) {
      element.style.setProperty(property, value);
      sink += viewport.offsetHeight;
    }
    const elapsed = performance.now() - start;
    if (!(sink >= 0)) throw new Error("invalid layout");
    return (elapsed * 1e6) / values.length;
  }

  function rootSize(tree) {
    const rect = tree.elements[0].getBoundingClientRect();
    return { rootWidth: rect.width, rootHeight: rect.height };
  }

  /** Runs `body`, answering { rejected } instead of throwing when Chrome did not accept a value; the page is left
   * empty either way. */
  function guarded(body) {
    try {
      return body();
    } catch (error) {
      if (error instanceof Rejected) return { rejected: error.details };
      throw error;
    } finally {
      document.body.replaceChildren();
    }
  }

  return {
    /** Lays out a tree; with a change, applies it and lays out again: { index: -1, width } sets the viewport's width,
     * { index, width, height } the content size of the leaf `index` (given a block if it had none). The frames. */
    layout(viewportSize, description, change) {
      return guarded(() => {
        const tree = build(viewportSize, description);
        document.body.replaceChildren(tree.viewport);
        tree.viewport.offsetHeight;
        if (change && change.index < 0) {
          set(tree.viewport, -1, "width", change.width);
        } else if (change) {
          const block = tree.blocks[change.index];
          if (block) {
            set(block, change.index, "width", change.width);
            set(block, change.index, "height", change.height);
          } else {
            contentBlock(tree.elements[change.index], change.index, change.width, change.height);
          }
        }
        return frames(tree, description);
      });
    },

    /** Builds and lays out one tree untimed, then times one forced layout per entry of `values`, each set as the
     * width of the viewport (target -1: relayout, resize) or of the content block of leaf `target` (incremental). */
    changes(viewportSize, description, target, values) {
      return guarded(() => {
        const tree = build(viewportSize, description);
        document.body.replaceChildren(tree.viewport);
        tree.viewport.offsetHeight;
        const element = target < 0 ? tree.viewport : tree.blocks[target];
        for (const value of new Set(values)) {  // checked once here, so that the timed loop need not
          const probe = document.createElement("div");
          set(probe, target, "width", value);
        }
        const nanos = timedChanges(tree.viewport, element, "width", values);
        return { nanosPerLayout: nanos, ...rootSize(tree) };
      });
    },

    /** `count` times: builds a tree detached (untimed), then times inserting it into the empty page and forcing its
     * first layout (style recalc of every new element, layout-object creation and layout), then removes it and lays
     * out the empty page (untimed). The intervals are summed: trees left in the page would make each insertion
     * dearer than the last (every absolutely positioned viewport is another child of the document's layout). */
    fresh(viewportSize, description, count) {
      return guarded(() => {
        document.body.replaceChildren();
        document.body.offsetHeight;
        let elapsed = 0, sink = 0, size = null;
        for (let iteration = 0; iteration < count; iteration++) {
          const tree = build(viewportSize, description);
          const start = performance.now();
          document.body.appendChild(tree.viewport);
          sink += tree.viewport.offsetHeight;
          elapsed += performance.now() - start;
          if (iteration === count - 1) size = rootSize(tree);
          tree.viewport.remove();
          document.body.offsetHeight;
        }
        if (!(sink >= 0)) throw new Error("invalid layout");
        return { nanosPerLayout: (elapsed * 1e6) / count, ...size };
      });
    },
  };
})();
