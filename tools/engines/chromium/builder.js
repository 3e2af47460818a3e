// The in-page half of the Chromium adapter (tools/engines/chromium/adapter.py), evaluated once per page.
// A tree description is an array of [parentIndex, {css property: value}] in pre-order (parent -1 for the root);
// every node becomes one <div>. Timing uses performance.now() around a whole batch of forced layouts, because
// the page's timer is coarse (100 µs); a forced layout is a write to a style followed by reading offsetHeight,
// which runs style invalidation, style recalculation and layout, but no paint.
globalThis.ristretto = (() => {
  const stage = document.createElement("div");
  stage.style.cssText = "position:absolute;left:0;top:0;width:0;height:0";
  document.body.appendChild(stage);

  /** The elements of a description, detached, index for index. */
  function build(description) {
    const elements = new Array(description.length);
    description.forEach(([parent, style], index) => {
      const element = document.createElement("div");
      for (const property in style) element.style.setProperty(property, style[property]);
      if (parent >= 0) elements[parent].appendChild(element);
      elements[index] = element;
    });
    return elements;
  }

  /** Replaces the stage's content with a tree and lays it out (untimed). */
  function show(elements) {
    stage.replaceChildren(elements[0]);
    return elements[0].offsetHeight;
  }

  /** x, y, width, height of every element, x/y relative to the parent's border-box top-left (the root's to the stage). */
  function frames(elements, parents) {
    const origin = stage.getBoundingClientRect();
    const rects = elements.map((element) => element.getBoundingClientRect());
    const out = [];
    rects.forEach((rect, index) => {
      const parent = parents[index] < 0 ? origin : rects[parents[index]];
      out.push(rect.left - parent.left, rect.top - parent.top, rect.width, rect.height);
    });
    return out;
  }

  /** Sets `property` of `element` to each value in turn and forces a layout after each; the mean in nanoseconds. */
  function timedChanges(root, element, property, values) {
    let sink = 0;
    const start = performance.now();
    for (const value of values) {
      element.style.setProperty(property, value);
      sink += root.offsetHeight;
    }
    const elapsed = performance.now() - start;
    if (!(sink >= 0)) throw new Error("invalid layout");
    return (elapsed * 1e6) / values.length;
  }

  function rootSize(root) {
    const rect = root.getBoundingClientRect();
    return { rootWidth: rect.width, rootHeight: rect.height };
  }

  return {
    /** Lays out a tree, optionally applies one change ({index, style}) and lays it out again; the frames. */
    layout(description, change) {
      const elements = build(description);
      show(elements);
      if (change) for (const property in change.style) elements[change.index].style.setProperty(property, change.style[property]);
      const result = frames(elements, description.map(([parent]) => parent));
      stage.replaceChildren();
      return result;
    },

    /** Builds and lays out one tree untimed, sets `first` (unless null) on the changed element and lays it out again
     * untimed, then times one forced layout per entry of `values` (relayout, resize, incremental). */
    changes(description, index, property, first, values) {
      const elements = build(description);
      show(elements);
      if (first !== null) {
        elements[index].style.setProperty(property, first);
        elements[0].offsetHeight;
      }
      const nanos = timedChanges(elements[0], elements[index], property, values);
      const size = rootSize(elements[0]);
      stage.replaceChildren();
      return { nanosPerLayout: nanos, ...size };
    },

    /** Builds `count` detached trees untimed, then times inserting each into the document and forcing its first
     * layout (style recalc of every new element, layout-object creation and layout); trees stay until the batch ends. */
    fresh(description, count) {
      const trees = Array.from({ length: count }, () => build(description)[0]);
      stage.replaceChildren();
      stage.offsetHeight;
      let sink = 0;
      const start = performance.now();
      for (const root of trees) {
        stage.appendChild(root);
        sink += root.offsetHeight;
      }
      const elapsed = performance.now() - start;
      if (!(sink >= 0)) throw new Error("invalid layout");
      const size = rootSize(trees[trees.length - 1]);
      stage.replaceChildren();
      return { nanosPerLayout: (elapsed * 1e6) / count, ...size };
    },
  };
})();
