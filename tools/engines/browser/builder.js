// The in-page half of every browser peer (tools/engines/browser_common.py; Chromium, Firefox, WebKit and Servo inject
// it unchanged), evaluated once per page.
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
  /** The test font's bytes (an ArrayBuffer; tools/engines/test_font.py), installed in every page `resolve` writes. */
  let testFont = null;
  /** While `resolve` runs a page's scripts: { selector, properties, calls, errors, answer } (`prepareScriptedPage`). */
  let scripted = null;
  /** check-layout-th.js's and testharness.js's functions that a check-layout page calls, as the scripted page gets
   * them: `checkLayout` answers the resolve (`prepareScriptedPage`), the others record nothing and run nothing. */
  const HARNESS = ["test", "async_test", "promise_test", "setup", "done", "add_completion_callback",
    "add_result_callback", "add_start_callback", "generate_tests", "assert_equals", "assert_true", "assert_false",
    "assert_approx_equals", "assert_not_equals"];

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

  /** A length in px from computed style text ("12.5px" → 12.5; anything else 0). */
  function pixels(text) {
    const value = parseFloat(text);
    return Number.isFinite(value) ? value : 0;
  }

  /** Whether `element` directly holds text other than whitespace. */
  function holdsText(element) {
    return Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && /\S/.test(node.data));
  }

  /** `offsetLeft` and `offsetTop` without their rounding: the border box relative to the offset parent's padding box,
   * or to the page when the offset parent is the body or there is none (CSSOM View). */
  function exactOffset(view, element, rect) {
    const parent = element.offsetParent;
    if (!parent || parent === view.document.body) return [rect.left + view.scrollX, rect.top + view.scrollY];
    const box = parent.getBoundingClientRect();
    const style = view.getComputedStyle(parent);
    return [rect.left - box.left - pixels(style.borderLeftWidth), rect.top - box.top - pixels(style.borderTopWidth)];
  }

  /** One element of a resolved page: tag, id, the computed value of each of `properties` (CSS Typed OM's
   * computedStyleMap, which answers computed values such as `auto` and `50%` where getComputedStyle would answer
   * used ones; a border width is 0px where that side's style is none or hidden), what the importer refuses on, its
   * check-layout attributes, whether check-layout-th.js checks it (`checked`: it is in `checked`), an `<img>`'s
   * natural size (`image`: [width, height], or null when it did not load), its text run (the
   * text it holds and how the page set it), its frame (the root's at its used margins, the others relative to the
   * parent's border box), its exact offsets, and its children (none below an element that is not displayed). */
  function describe(view, element, parentRect, properties, checked) {
    const style = view.getComputedStyle(element);
    const map = element.computedStyleMap();
    const computed = {};
    for (const property of properties) computed[property] = String(map.get(property));
    for (const side of ["top", "right", "bottom", "left"]) {
      if (["none", "hidden"].includes(String(map.get(`border-${side}-style`)))) computed[`border-${side}-width`] = "0px";
    }
    computed.display = style.display;
    const out = { tag: element.localName, computed, other: {
      "writing-mode": style.writingMode, transform: style.transform,
      before: view.getComputedStyle(element, "::before").content,
      after: view.getComputedStyle(element, "::after").content, float: style.cssFloat,
    }, text: holdsText(element), checked: checked.has(element), data: {}, frame: null, offset: null, children: [] };
    if (element.id) out.id = element.id;
    if (element.localName === "img") {
      out.image = element.complete && element.naturalWidth > 0 ? [element.naturalWidth, element.naturalHeight] : null;
    }
    for (const attribute of Array.from(element.attributes)) {
      if (/^data-(expected|offset)-/.test(attribute.name)) out.data[attribute.name] = attribute.value;
    }
    if (style.display === "none") return out;
    const rect = element.getBoundingClientRect();
    if (parentRect) {
      out.frame = [rect.left - parentRect.left, rect.top - parentRect.top, rect.width, rect.height];
    } else {
      out.frame = [pixels(style.marginLeft), pixels(style.marginTop), rect.width, rect.height];
      out.usedWidth = style.width;
    }
    out.offset = exactOffset(view, element, rect);
    if (out.text) out.textRun = textRun(view, element, style);
    out.children = Array.from(element.children).map((child) => describe(view, child, rect, properties, checked));
    return out;
  }

  /** The text an element holds and how the page laid it out: its text content, `white-space`, the used font family
   * list, font size and line height (px, or `normal`), and the extent of its text (the union of its line boxes'
   * text: width, height, and the number of lines), so the importer can tell a run of Ahem that does not wrap. */
  function textRun(view, element, style) {
    const range = view.document.createRange();
    range.selectNodeContents(element);
    const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 || rect.height > 0);
    const lines = new Set(rects.map((rect) => rect.top)).size;
    const box = range.getBoundingClientRect();
    return { content: element.textContent, whiteSpace: style.whiteSpace, fontFamily: style.fontFamily,
      fontSize: pixels(style.fontSize), lineHeight: style.lineHeight, width: box.width, height: box.height, lines };
  }

  /** Whether `element` lays out its children as a flex container (its computed display). */
  function isFlexContainer(view, element) {
    return ["flex", "inline-flex"].includes(view.getComputedStyle(element).display);
  }

  /** Every element of `node`'s subtree, `node` first. */
  function subtree(node) {
    return [node, ...node.querySelectorAll("*")];
  }

  /** The checked subtrees of the nodes `selector` matched, rooted where their layout is: each matched node is
   * checked with its subtree and its parent (check-layout-th.js checks the parent's own attributes too); the case
   * is rooted at the node, or at its parent when the parent's class is `container`, and then at the flex container
   * that lays it out for as long as the root is a flex item (or an absolutely positioned child) of one. Nodes
   * under one root share it, and a root inside another root joins it. Each root lists the 1-based numbers of the
   * matched nodes it holds (check-layout-th.js numbers one test per node). */
  function checkedRoots(view, nodes) {
    const roots = [];
    nodes.forEach((node, index) => {
      let root = node.parentElement && node.parentElement.className === "container" ? node.parentElement : node;
      while (root.parentElement && isFlexContainer(view, root.parentElement)) root = root.parentElement;
      let entry = roots.find((candidate) => candidate.root === root);
      if (!entry) roots.push((entry = { root, checked: new Set(), tests: [] }));
      for (const element of subtree(node)) entry.checked.add(element);
      if (node.parentElement) entry.checked.add(node.parentElement);
      entry.tests.push(index + 1);
    });
    const kept = roots.filter((entry) => !roots.some((other) => other !== entry && other.root.contains(entry.root)));
    for (const entry of roots) {
      if (kept.includes(entry)) continue;
      const outer = kept.find((other) => other.root.contains(entry.root));
      for (const element of entry.checked) outer.checked.add(element);
      outer.tests.push(...entry.tests);
    }
    for (const entry of kept) entry.tests.sort((a, b) => a - b);
    return kept;
  }

  /** The checked subtrees of `selector` in the page as `resolve` answers them, or { error } for an invalid selector. */
  function answer(view, selector, properties) {
    let nodes;
    try {
      nodes = Array.from(view.document.querySelectorAll(selector));
    } catch (error) {
      return { error: `invalid selector: ${error.message}` };
    }
    const matches = checkedRoots(view, nodes).map(({ root, checked, tests }) => {
      const parent = root.parentElement;
      const parentStyle = parent ? view.getComputedStyle(parent) : null;
      const width = parent
        ? parent.getBoundingClientRect().width - pixels(parentStyle.borderLeftWidth)
          - pixels(parentStyle.borderRightWidth) - pixels(parentStyle.paddingLeft) - pixels(parentStyle.paddingRight)
        : view.innerWidth;
      return { root: describe(view, root, null, properties, checked), containingBlockWidth: Math.max(0, width),
        parentDisplay: parentStyle ? parentStyle.display : "block", tests };
    });
    return { matches, tests: nodes.length };
  }

  /** Installs the font `bytes` (an ArrayBuffer) in a page's document as family "Ahem" and waits until it is ready. */
  async function installTestFont(view, bytes) {
    if (!bytes) return;
    const face = new view.FontFace("Ahem", bytes);
    await face.load();
    view.document.fonts.add(face);
  }

  /** Puts a test page into `frame` (already styled, not yet in the document) and waits until it has loaded: written
   * into it when `url` is null, so nothing loads; otherwise navigated to `url`, which the adapter answers with
   * `html` and whose images it answers from the page's folder, and then the load event has waited for every image. */
  async function loadPage(frame, html, url) {
    if (url === null) {
      document.body.replaceChildren(frame);
      const page = frame.contentDocument;
      page.open();
      page.write(html);
      page.close();
      return page;
    }
    const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
    frame.src = url;
    document.body.replaceChildren(frame);
    await loaded;
    if (!frame.contentDocument || frame.contentDocument.URL !== url) throw new Error(`the page at ${url} did not load`);
    return frame.contentDocument;
  }

  return {
    /** Resolves a check-layout page (docs/importers.md) in a sandboxed same-origin iframe of 800 × 600 px, where no
     * script runs (`loadPage`: with a `url`, the page's images load; otherwise nothing does; the test font, when the
     * adapter gave one, is installed from memory as "Ahem"); then, for each checked subtree (`checkedRoots`), answers its
     * root as `describe` does, the width of its containing block (the parent's content box), the parent's display
     * and the numbers of the tests it holds. An invalid selector is answered { error }. With `scripts` (and a `url`)
     * the page's inline scripts run, and the answer is the page as its first `checkLayout(selector)` saw it
     * (`prepareScriptedPage`), with `scripts: { calls, errors }`: how often the page called it by the end of its load
     * event and its fonts' loading, and the script errors before the first call. */
    async resolve(html, selector, properties, url, scripts = false) {
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", scripts ? "allow-same-origin allow-scripts" : "allow-same-origin");
      for (const [property, value] of [["position", "absolute"], ["left", "0px"], ["top", "0px"], ["width", "800px"],
        ["height", "600px"], ["border", "0px none"]]) frame.style.setProperty(property, value);
      if (scripts) scripted = { selector, properties, calls: 0, errors: [], answer: null, prepared: false };
      try {
        const page = await loadPage(frame, html, url);
        const view = frame.contentWindow;
        if (!scripts) {
          await installTestFont(view, testFont);
          return answer(view, selector, properties);
        }
        const run = scripted;
        if (!run.prepared) throw new Error("the page's scripts ran without the harness stubs");
        // A page that checks once its fonts are ready (WPT's wait for Ahem) checks once the test font is.
        await view.document.fonts.ready;
        await null;
        const result = run.answer || { matches: [], tests: 0 };
        return { ...result, scripts: { calls: run.calls, errors: run.errors } };
      } finally {
        scripted = null;
        document.body.replaceChildren();
      }
    },

    /** Called in a scripted page (`resolve` with scripts) before its first script runs, by the script the adapter
     * has the browser evaluate in every new document: installs the test font (synchronously, from its bytes), the
     * harness (`HARNESS`: nothing is recorded, nothing loads) and `checkLayout`, which answers the resolve at its
     * first call with the selector, as check-layout-th.js checks the page at that moment, and counts the calls. The
     * script errors before that call are kept: a page whose scripts failed is not the page WPT checks. */
    prepareScriptedPage(view) {
      const run = scripted;
      if (!run || run.prepared) return;
      run.prepared = true;
      if (testFont) view.document.fonts.add(new view.FontFace("Ahem", testFont));
      view.addEventListener("error", (event) => {
        if (run.calls === 0) run.errors.push(String(event.message || "an error"));
      });
      view.addEventListener("unhandledrejection", (event) => {
        if (run.calls === 0) run.errors.push(`unhandled rejection: ${String(event.reason)}`);
      });
      for (const name of HARNESS) view[name] = () => undefined;
      view.checkLayout = (selectorList) => {
        if (selectorList !== run.selector) return;
        run.calls += 1;
        if (run.calls === 1) run.answer = answer(view, run.selector, run.properties);
      };
    },

    /** Keeps the test font's bytes (base64) for the pages `resolve` writes. */
    setTestFont(base64) {
      const text = atob(base64);
      const bytes = new Uint8Array(text.length);
      for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
      testFont = bytes.buffer;
      return bytes.length;
    },

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
