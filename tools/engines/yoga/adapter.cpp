// Yoga peer adapter: speaks the JSON-lines protocol of docs/design.md "Peer engines" on stdin/stdout.
//
//   {"op":"info"}                                         -> {"name":"yoga","version":"…"}
//   {"op":"layout","case":{…box case…}}                   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
//   {"op":"layout","case":{…},"resize":W}                 -> the frames after a second layout with root width W
//   {"op":"layout","case":{…},"change":{"path":[…],"content":{"width","height"}}}
//                                                         -> the frames after the leaf's new size + YGNodeMarkDirty
//   "rounding":true on a layout request                   -> the same with Yoga's pixel rounding on (scale factor 1)
//   {"op":"bench","case":{…},"iterations":N,"mode":M}     -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,"rootHeight":…}
//     M = "fresh" | "relayout" | "resize" (with "widths":[W0…WN]) | "incremental" (with "change":{"path","widths"})
//   anything it cannot do                                 -> {"error":"…"}
//
// Built by tools/setup-engines against the static Yoga core shipped in the PyPI wheel `pyyoga`.
// Translation rules (box case -> CSS flexbox) are in docs/engines.md; a case that uses anything outside them
// is refused with the JSON path of the first unsupported property. Yoga's pixel rounding is switched off
// (point scale factor 0) so frames compare with the reference within 0.01.
#include <yoga/Yoga.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef RISTRETTO_YOGA_VERSION
#define RISTRETTO_YOGA_VERSION "unknown"
#endif

using json = nlohmann::json;

namespace {

/// A case property the adapter cannot express in flexbox, with the JSON path of the property.
struct Refusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void refuse(const std::string& path, const std::string& why) { throw Refusal(path + ": " + why); }

struct Insets {
  double top = 0, left = 0, bottom = 0, right = 0;
};

/// One node of the case, already translated into flexbox terms.
struct FlexSpec {
  bool isLeaf = false;
  bool active = true;
  std::optional<std::string> id;
  YGFlexDirection direction = YGFlexDirectionRow;
  bool wraps = false;
  std::optional<double> width, height;  // fixed sizes; nullopt = auto ("wrap")
  bool fillWidth = false, fillHeight = false;  // a "fill" root: the proposal minus the margins (the coincident subset, docs/design.md)
  std::optional<double> minWidth, maxWidth, minHeight, maxHeight;  // {"wrap":{"min","max"}}
  double grow = 0;  // {"wrap":{"grow"}}: flex-grow with basis auto, along an hbox/vbox parent's main axis
  YGAlign alignItems = YGAlignFlexStart;  // a linear box's justifyContent (one cross-axis value)
  std::optional<YGAlign> alignSelf;       // the node's own alignment in a linear parent
  Insets margin, padding;
  double columnGap = 0, rowGap = 0;
  double contentWidth = 0, contentHeight = 0;  // a leaf's natural size, returned by its measure function
  std::vector<FlexSpec> children;
};

/// A parsed case: the translated tree plus the root proposal.
struct FlexCase {
  FlexSpec root;
  std::optional<double> proposalWidth, proposalHeight;
};

double finiteNumber(const json& value, const std::string& path, bool nonNegative) {
  if (!value.is_number()) refuse(path, "expected a number");
  double number = value.get<double>();
  if (!std::isfinite(number)) refuse(path, "expected a finite number");
  if (nonNegative && number < 0) refuse(path, "expected a non-negative number");
  return number;
}

Insets insets(const json& value, const std::string& path) {
  if (value.is_number()) {
    double all = finiteNumber(value, path, false);
    return {all, all, all, all};
  }
  if (!value.is_object()) refuse(path, "expected a number or {top,left,bottom,right}");
  Insets result;
  for (const auto& [key, side] : value.items()) {
    std::string sidePath = path + "." + key;
    if (key == "top") result.top = finiteNumber(side, sidePath, false);
    else if (key == "left") result.left = finiteNumber(side, sidePath, false);
    else if (key == "bottom") result.bottom = finiteNumber(side, sidePath, false);
    else if (key == "right") result.right = finiteNumber(side, sidePath, false);
    else refuse(sidePath, "unknown inset key");
  }
  return result;
}

/// One translated <size>: fixed, auto (with optional min, max and grow), or the root's "fill".
struct Dimension {
  std::optional<double> fixed, minimum, maximum;
  double grow = 0;
  bool fill = false;
};

/// A <size> in the coincident subset (the coincident subset, docs/design.md): a number, "wrap", {"wrap":{"min","max","grow"}}, and "fill" on
/// the root only. `grows` says whether this is the main axis of an hbox/vbox parent, where grow is flex-grow.
Dimension size(const json& value, const std::string& path, bool isRoot, bool grows) {
  Dimension dimension;
  if (value.is_number()) dimension.fixed = finiteNumber(value, path, true);
  else if (value == "wrap") {
  } else if (value == "fill" && isRoot) dimension.fill = true;
  else if (value.is_object() && value.size() == 1 && value.contains("wrap") && value["wrap"].is_object()) {
    for (const auto& [key, number] : value["wrap"].items()) {
      const std::string optionPath = path + ".wrap." + key;
      if (key == "min") dimension.minimum = finiteNumber(number, optionPath, true);
      else if (key == "max") dimension.maximum = finiteNumber(number, optionPath, true);
      else if (key == "grow") {
        dimension.grow = finiteNumber(number, optionPath, true);
        if (dimension.grow > 0 && !grows)
          refuse(optionPath, "grow maps to flex-grow only along the main axis of an hbox/vbox parent");
      } else if (key == "add" || key == "priority" || key == "shrink")
        refuse(optionPath, "wrap option \"" + key + "\" has no flexbox equivalent");
      else refuse(optionPath, "unknown wrap option");
    }
  } else
    refuse(path, "unsupported size " + value.dump() +
                     " (only a number, \"wrap\", {\"wrap\":{min,max,grow}} and \"fill\" on the root map to flexbox; "
                     "other fill, ratio and aspectRatio do not)");
  return dimension;
}

/// One cross-axis name (or a one-element array of it) of a linear box, as align-items / align-self: Puyopuyo's
/// centre ratios, main-axis flags and alignment in flows have no equivalent (the coincident subset, docs/design.md).
YGAlign crossAlignment(const json& value, const std::string& linearType, const std::string& path, const std::string& whose) {
  if (linearType != "hbox" && linearType != "vbox")
    refuse(path, "alignment is translated only for " + whose + " an hbox/vbox (flows, zbox and the root differ)");
  const json& name = value.is_array() && value.size() == 1 ? value[0] : value;
  if (linearType == "hbox") {
    if (name == "top") return YGAlignFlexStart;
    if (name == "bottom") return YGAlignFlexEnd;
    if (name == "vertCenter") return YGAlignCenter;
    refuse(path, "unsupported alignment " + value.dump() + " (in an hbox only one of top, bottom, vertCenter maps to align-items/align-self)");
  }
  if (name == "left" || name == "leading") return YGAlignFlexStart;
  if (name == "right" || name == "trailing") return YGAlignFlexEnd;
  if (name == "horzCenter") return YGAlignCenter;
  refuse(path, "unsupported alignment " + value.dump() +
                   " (in a vbox only one of left, leading, right, trailing, horzCenter maps to align-items/align-self)");
}

/// Properties that are accepted only at their default value, because flexbox has no faithful equivalent.
void requireDefault(const json& value, const json& defaultValue, const std::string& path, const std::string& why) {
  if (value != defaultValue) refuse(path, "unsupported value " + value.dump() + " (" + why + ")");
}

/// One node of the case in flexbox terms; `parentType` is the parent's node type ("" for the root).
FlexSpec translate(const json& node, const std::string& path, const std::string& parentType = "") {
  if (!node.is_object()) refuse(path, "expected a node object");
  FlexSpec spec;
  if (!node.contains("type") || !node["type"].is_string()) refuse(path + ".type", "missing node type");
  const std::string type = node["type"].get<std::string>();
  // 1. The node type decides the flex container: VFlow is `row wrap`, HFlow is `column wrap` (spec §12).
  if (type == "hbox") spec.direction = YGFlexDirectionRow;
  else if (type == "vbox") spec.direction = YGFlexDirectionColumn;
  else if (type == "vflow") spec.direction = YGFlexDirectionRow, spec.wraps = true;
  else if (type == "hflow") spec.direction = YGFlexDirectionColumn, spec.wraps = true;
  else if (type == "leaf") spec.isLeaf = true;
  else if (type == "zbox") refuse(path + ".type", "zbox has no flexbox equivalent");
  else refuse(path + ".type", "unknown node type \"" + type + "\"");

  // 2. Every other property, each mapped or refused.
  std::optional<double> space, itemSpace, runSpace;
  for (const auto& [key, value] : node.items()) {
    const std::string keyPath = path + "." + key;
    if (key == "type" || key == "children") continue;
    if (key == "id") {
      if (!value.is_string()) refuse(keyPath, "expected a string");
      spec.id = value.get<std::string>();
    } else if (key == "width" || key == "height") {
      const bool horizontal = key == "width";
      Dimension dimension = size(value, keyPath, parentType.empty(), parentType == (horizontal ? "hbox" : "vbox"));
      (horizontal ? spec.width : spec.height) = dimension.fixed;
      (horizontal ? spec.fillWidth : spec.fillHeight) = dimension.fill;
      (horizontal ? spec.minWidth : spec.minHeight) = dimension.minimum;
      (horizontal ? spec.maxWidth : spec.maxHeight) = dimension.maximum;
      spec.grow = std::max(spec.grow, dimension.grow);
    }
    else if (key == "margin") spec.margin = insets(value, keyPath);
    else if (key == "padding") spec.padding = insets(value, keyPath);
    else if (key == "space") space = finiteNumber(value, keyPath, false);
    else if (key == "itemSpace") itemSpace = finiteNumber(value, keyPath, false);
    else if (key == "runSpace") runSpace = finiteNumber(value, keyPath, false);
    else if (key == "activated") {
      if (!value.is_boolean()) refuse(keyPath, "expected a boolean");
      spec.active = value.get<bool>();
    } else if (key == "content") {
      if (!value.is_object()) refuse(keyPath, "expected {width,height}");
      for (const auto& [field, number] : value.items()) {
        if (field == "width") spec.contentWidth = finiteNumber(number, keyPath + ".width", true);
        else if (field == "height") spec.contentHeight = finiteNumber(number, keyPath + ".height", true);
        else refuse(keyPath + "." + field, "unknown content key");
      }
    } else if (key == "justifyContent") spec.alignItems = crossAlignment(value, type, keyPath, "the children of");
    else if (key == "alignment") {
      if (spec.wraps) refuse(keyPath, "a flow's own alignment also aligns its lines in Puyopuyo; align-self does not");
      spec.alignSelf = crossAlignment(value, parentType, keyPath, "a child of");
    }
    else if (key == "format" || key == "runFormat")
      requireDefault(value, "leading", keyPath, "only leading packing matches flex-start for wrap-sized boxes");
    else if (key == "reverse") requireDefault(value, false, keyPath, "Puyopuyo reverses the order but still packs from the start");
    else if (key == "arrange") requireDefault(value, 0, keyPath, "counted lines have no flexbox equivalent");
    else if (key == "flowEnding") requireDefault(value, false, keyPath, "forced line breaks have no flexbox equivalent");
    else if (key == "runRowSize") refuse(keyPath, "per-line sizes have no flexbox equivalent");
    else if (key == "text" || key == "fontSize") refuse(keyPath, "text leaves need the reference text metrics");
    else refuse(keyPath, "unknown property");
  }

  // 3. Spacing: `space` is the main-axis gap of a linear box; a flow's itemSpace runs along its lines and its
  //    runSpace between lines (setting `space` on a flow sets both, as in Puyopuyo).
  const bool row = spec.direction == YGFlexDirectionRow;
  if (spec.wraps) {
    double along = itemSpace.value_or(space.value_or(0)), between = runSpace.value_or(space.value_or(0));
    (row ? spec.columnGap : spec.rowGap) = along;
    (row ? spec.rowGap : spec.columnGap) = between;
  } else {
    if (itemSpace) refuse(path + ".itemSpace", "itemSpace belongs to flows");
    if (runSpace) refuse(path + ".runSpace", "runSpace belongs to flows");
    (row ? spec.columnGap : spec.rowGap) = space.value_or(0);
  }

  // 4. Children, in declaration order so that paths are child indices.
  if (node.contains("children")) {
    const json& children = node["children"];
    if (spec.isLeaf) refuse(path + ".children", "a leaf has no children");
    if (!children.is_array()) refuse(path + ".children", "expected an array");
    for (size_t index = 0; index < children.size(); ++index)
      spec.children.push_back(translate(children[index], path + ".children[" + std::to_string(index) + "]", type));
  }
  return spec;
}

std::optional<double> proposalDimension(const json& proposal, const char* key) {
  if (!proposal.contains(key) || proposal[key].is_null()) return std::nullopt;
  return finiteNumber(proposal[key], std::string("$.case.proposal.") + key, true);
}

FlexCase parseCase(const json& request) {
  if (!request.contains("case") || !request["case"].is_object()) refuse("$.case", "missing box case object");
  const json& boxCase = request["case"];
  if (boxCase.value("kind", "box") != "box") refuse("$.case.kind", "only box cases are supported");
  if (!boxCase.contains("root")) refuse("$.case.root", "missing root");
  FlexCase result;
  result.root = translate(boxCase["root"], "$.case.root");
  if (boxCase.contains("proposal") && !boxCase["proposal"].is_null()) {
    const json& proposal = boxCase["proposal"];
    if (!proposal.is_object()) refuse("$.case.proposal", "expected {width,height}");
    result.proposalWidth = proposalDimension(proposal, "width");
    result.proposalHeight = proposalDimension(proposal, "height");
  }
  if (result.root.fillWidth && !result.proposalWidth)
    refuse("$.case.root.width", "\"fill\" maps to a definite width only under a definite proposal width");
  if (result.root.fillHeight && !result.proposalHeight)
    refuse("$.case.root.height", "\"fill\" maps to a definite height only under a definite proposal height");
  return result;
}

// MARK: Building the Yoga tree

/// A leaf's measure function: its natural size, capped by an at-most constraint, as Puyopuyo caps a wrap leaf.
YGSize measureLeaf(YGNodeConstRef node, float width, YGMeasureMode widthMode, float height, YGMeasureMode heightMode) {
  const auto* spec = static_cast<const FlexSpec*>(YGNodeGetContext(node));
  auto fit = [](double natural, float available, YGMeasureMode mode) -> float {
    switch (mode) {
      case YGMeasureModeExactly: return available;
      case YGMeasureModeAtMost: return static_cast<float>(std::min(natural, static_cast<double>(available)));
      default: return static_cast<float>(natural);
    }
  };
  return {fit(spec->contentWidth, width, widthMode), fit(spec->contentHeight, height, heightMode)};
}

/// Owns a Yoga tree and frees it recursively.
struct YogaTree {
  YGNodeRef root = nullptr;
  ~YogaTree() {
    if (root) YGNodeFreeRecursive(root);
  }
};

void applyInsets(YGNodeRef node, const Insets& insets, void (*set)(YGNodeRef, YGEdge, float)) {
  set(node, YGEdgeTop, insets.top);
  set(node, YGEdgeLeft, insets.left);
  set(node, YGEdgeBottom, insets.bottom);
  set(node, YGEdgeRight, insets.right);
}

YGNodeRef build(const FlexSpec& spec, YGConfigRef config) {
  YGNodeRef node = YGNodeNewWithConfig(config);
  // Puyopuyo never shrinks a fixed or plain wrap item; Yoga's default flex-shrink is already 0.
  YGNodeStyleSetFlexShrink(node, 0);
  YGNodeStyleSetFlexGrow(node, static_cast<float>(spec.grow));
  if (spec.alignSelf) YGNodeStyleSetAlignSelf(node, *spec.alignSelf);
  if (spec.minWidth) YGNodeStyleSetMinWidth(node, static_cast<float>(*spec.minWidth));
  if (spec.maxWidth) YGNodeStyleSetMaxWidth(node, static_cast<float>(*spec.maxWidth));
  if (spec.minHeight) YGNodeStyleSetMinHeight(node, static_cast<float>(*spec.minHeight));
  if (spec.maxHeight) YGNodeStyleSetMaxHeight(node, static_cast<float>(*spec.maxHeight));
  if (!spec.active) YGNodeStyleSetDisplay(node, YGDisplayNone);
  if (spec.width) YGNodeStyleSetWidth(node, static_cast<float>(*spec.width));
  if (spec.height) YGNodeStyleSetHeight(node, static_cast<float>(*spec.height));
  applyInsets(node, spec.margin, YGNodeStyleSetMargin);
  applyInsets(node, spec.padding, YGNodeStyleSetPadding);
  if (spec.isLeaf) {
    YGNodeSetContext(node, const_cast<FlexSpec*>(&spec));
    YGNodeSetMeasureFunc(node, measureLeaf);
    return node;
  }
  YGNodeStyleSetFlexDirection(node, spec.direction);
  YGNodeStyleSetFlexWrap(node, spec.wraps ? YGWrapWrap : YGWrapNoWrap);
  YGNodeStyleSetAlignItems(node, spec.alignItems);
  YGNodeStyleSetAlignContent(node, YGAlignFlexStart);
  YGNodeStyleSetJustifyContent(node, YGJustifyFlexStart);
  YGNodeStyleSetGap(node, YGGutterColumn, static_cast<float>(spec.columnGap));
  YGNodeStyleSetGap(node, YGGutterRow, static_cast<float>(spec.rowGap));
  for (size_t index = 0; index < spec.children.size(); ++index)
    YGNodeInsertChild(node, build(spec.children[index], config), index);
  return node;
}

/// One axis of the root under a proposal: a wrap root's room (the proposal minus its margins, as the proposal
/// includes them) becomes its max size, combined with its own wrap max; a "fill" root becomes that size.
void applyRoom(YGNodeRef root, std::optional<double> fixed, bool fill, std::optional<double> maximum,
               std::optional<double> proposal, double margins, void (*setSize)(YGNodeRef, float),
               void (*setMax)(YGNodeRef, float)) {
  if (fixed) return;
  std::optional<double> room;
  if (proposal) room = std::max(0.0, *proposal - margins);
  if (fill && room) return setSize(root, static_cast<float>(*room));
  if (room && maximum) room = std::min(*room, *maximum);
  else if (!room) room = maximum;
  setMax(root, room ? static_cast<float>(*room) : YGUndefined);
}

/// A wrap root under a proposal P becomes an auto-size root with max-size P (docs/design.md), so that a proposal
/// bounds the root the way Puyopuyo's residual does instead of forcing its size; a "fill" root gets size P.
void applyProposal(YGNodeRef root, const FlexSpec& spec, std::optional<double> width, std::optional<double> height) {
  applyRoom(root, spec.width, spec.fillWidth, spec.maxWidth, width, spec.margin.left + spec.margin.right,
            YGNodeStyleSetWidth, YGNodeStyleSetMaxWidth);
  applyRoom(root, spec.height, spec.fillHeight, spec.maxHeight, height, spec.margin.top + spec.margin.bottom,
            YGNodeStyleSetHeight, YGNodeStyleSetMaxHeight);
}

void calculate(YGNodeRef root) { YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirectionLTR); }

void appendFrames(const FlexSpec& spec, YGNodeRef node, std::vector<int>& path, json& frames) {
  if (!spec.active) return;
  json frame = json::object();
  frame["path"] = path;
  if (spec.id) frame["id"] = *spec.id;
  frame["x"] = static_cast<double>(YGNodeLayoutGetLeft(node));
  frame["y"] = static_cast<double>(YGNodeLayoutGetTop(node));
  frame["width"] = static_cast<double>(YGNodeLayoutGetWidth(node));
  frame["height"] = static_cast<double>(YGNodeLayoutGetHeight(node));
  frames.push_back(std::move(frame));
  for (size_t index = 0; index < spec.children.size(); ++index) {
    path.push_back(static_cast<int>(index));
    appendFrames(spec.children[index], YGNodeGetChild(node, index), path, frames);
    path.pop_back();
  }
}

/// Pixel snapping off (scale factor 0: Puyopuyo never rounds), or on at one point per pixel for `"rounding":true`.
YGConfigRef makeConfig(bool rounding) {
  YGConfigRef config = YGConfigNew();
  YGConfigSetPointScaleFactor(config, rounding ? 1 : 0);
  return config;
}

/// The two configurations a request may use.
struct Configs {
  YGConfigRef exact, rounded;
};

// MARK: Operations

/// A leaf of the case, addressed by child indices from the root, and its Yoga node.
struct LeafAt {
  FlexSpec* spec;
  YGNodeRef node;
};

LeafAt leafAt(FlexSpec& root, YGNodeRef rootNode, const json& path, const std::string& jsonPath) {
  if (!path.is_array()) refuse(jsonPath, "expected an array of child indices");
  FlexSpec* spec = &root;
  YGNodeRef node = rootNode;
  for (const auto& index : path) {
    if (!index.is_number_integer() || index.get<int64_t>() < 0 || index.get<int64_t>() >= static_cast<int64_t>(spec->children.size()))
      refuse(jsonPath, "no node at path " + path.dump());
    spec = &spec->children[index.get<size_t>()];
    node = YGNodeGetChild(node, index.get<size_t>());
  }
  if (!spec->isLeaf) refuse(jsonPath, "the node at path " + path.dump() + " is not a leaf");
  return {spec, node};
}

/// Gives a leaf a new natural size through Yoga's own API: its measure function answers from the spec, so the
/// spec changes and the node is marked dirty (Yoga cannot know that a measure function's answer changed).
void setContent(const LeafAt& leaf, double width, double height) {
  leaf.spec->contentWidth = width;
  leaf.spec->contentHeight = height;
  YGNodeMarkDirty(leaf.node);
}

json layoutOp(const json& request, YGConfigRef config) {
  FlexCase flexCase = parseCase(request);
  YogaTree tree{build(flexCase.root, config)};
  applyProposal(tree.root, flexCase.root, flexCase.proposalWidth, flexCase.proposalHeight);
  calculate(tree.root);
  // At most one change between two layouts (the peer protocol of docs/design.md); the frames answered are the second layout's.
  if (request.contains("resize") && request.contains("change")) refuse("$.change", "one change per request: resize or change");
  if (request.contains("resize")) {
    applyProposal(tree.root, flexCase.root, finiteNumber(request["resize"], "$.resize", true), flexCase.proposalHeight);
    calculate(tree.root);
  } else if (request.contains("change")) {
    const json& change = request["change"];
    if (!change.is_object() || !change.contains("path") || !change.contains("content") || !change["content"].is_object())
      refuse("$.change", "expected {\"path\":[…],\"content\":{\"width\",\"height\"}}");
    LeafAt leaf = leafAt(flexCase.root, tree.root, change["path"], "$.change.path");
    const json& content = change["content"];
    setContent(leaf, finiteNumber(content.value("width", json(leaf.spec->contentWidth)), "$.change.content.width", true),
               finiteNumber(content.value("height", json(leaf.spec->contentHeight)), "$.change.content.height", true));
    calculate(tree.root);
  }
  json frames = json::array();
  std::vector<int> path;
  appendFrames(flexCase.root, tree.root, path, frames);
  return {{"frames", std::move(frames)}};
}

json benchOp(const json& request, YGConfigRef config) {
  FlexCase flexCase = parseCase(request);
  if (!request.contains("iterations") || !request["iterations"].is_number_integer() || request["iterations"].get<int64_t>() < 1)
    refuse("$.iterations", "expected a positive integer");
  const int64_t iterations = request["iterations"].get<int64_t>();
  const std::string mode = request.value("mode", "");
  using Clock = std::chrono::steady_clock;
  Clock::duration total{};
  double rootWidth = 0, rootHeight = 0;
  auto sink = [&](YGNodeRef root) {  // black hole and validity check of every result
    rootWidth = YGNodeLayoutGetWidth(root);
    rootHeight = YGNodeLayoutGetHeight(root);
    if (!std::isfinite(rootWidth) || !std::isfinite(rootHeight) || rootWidth <= 0 || rootHeight <= 0)
      throw std::runtime_error("invalid root size after layout");
  };
  if (mode == "fresh") {
    // Construction is outside the timer: each iteration times the first layout of a just-built tree.
    for (int64_t i = 0; i < iterations; ++i) {
      YogaTree tree{build(flexCase.root, config)};
      applyProposal(tree.root, flexCase.root, flexCase.proposalWidth, flexCase.proposalHeight);
      auto start = Clock::now();
      calculate(tree.root);
      total += Clock::now() - start;
      sink(tree.root);
    }
  } else if (mode == "relayout") {
    // Alternate the width between P and P+1 (P = the proposal, or 10 000 000 when unbounded) so that every
    // timed call follows a real change; the untimed first layout uses the width the first timed call does not.
    const double base = flexCase.proposalWidth.value_or(10'000'000.0);
    YogaTree tree{build(flexCase.root, config)};
    applyProposal(tree.root, flexCase.root, base + 1, flexCase.proposalHeight);
    calculate(tree.root);
    for (int64_t i = 0; i < iterations; ++i) {
      applyProposal(tree.root, flexCase.root, i % 2 == 0 ? base : base + 1, flexCase.proposalHeight);
      auto start = Clock::now();
      calculate(tree.root);
      total += Clock::now() - start;
      sink(tree.root);
    }
  } else if (mode == "resize") {
    // The harness's schedule: untimed at W0, then each timed call sets the root's width (definite for a fill root,
    // max-width for a wrap root) and lays out.
    const json& widths = request.value("widths", json());
    if (!widths.is_array() || static_cast<int64_t>(widths.size()) != iterations + 1)
      refuse("$.widths", "expected iterations + 1 = " + std::to_string(iterations + 1) + " widths");
    std::vector<double> schedule;
    for (size_t index = 0; index < widths.size(); ++index)
      schedule.push_back(finiteNumber(widths[index], "$.widths[" + std::to_string(index) + "]", true));
    YogaTree tree{build(flexCase.root, config)};
    applyProposal(tree.root, flexCase.root, schedule[0], flexCase.proposalHeight);
    calculate(tree.root);
    for (int64_t i = 1; i <= iterations; ++i) {
      auto start = Clock::now();
      applyProposal(tree.root, flexCase.root, schedule[i], flexCase.proposalHeight);
      calculate(tree.root);
      total += Clock::now() - start;
      sink(tree.root);
    }
  } else if (mode == "incremental") {
    // Untimed first layout under the case's proposal; each timed call i gives the leaf widths[i % 2] (its height
    // unchanged), marks it dirty and lays out again.
    const json& change = request.value("change", json());
    if (!change.is_object() || !change.contains("widths") || !change["widths"].is_array() || change["widths"].empty())
      refuse("$.change", "expected {\"path\":[…],\"widths\":[…]}");
    std::vector<double> widths;
    for (size_t index = 0; index < change["widths"].size(); ++index)
      widths.push_back(finiteNumber(change["widths"][index], "$.change.widths[" + std::to_string(index) + "]", true));
    YogaTree tree{build(flexCase.root, config)};
    applyProposal(tree.root, flexCase.root, flexCase.proposalWidth, flexCase.proposalHeight);
    calculate(tree.root);
    LeafAt leaf = leafAt(flexCase.root, tree.root, change.value("path", json()), "$.change.path");
    const double height = leaf.spec->contentHeight;
    for (int64_t i = 0; i < iterations; ++i) {
      auto start = Clock::now();
      setContent(leaf, widths[i % widths.size()], height);
      calculate(tree.root);
      total += Clock::now() - start;
      sink(tree.root);
    }
  } else {
    refuse("$.mode", "expected \"fresh\", \"relayout\", \"resize\" or \"incremental\"");
  }
  const double nanos = std::chrono::duration<double, std::nano>(total).count() / static_cast<double>(iterations);
  return {{"nanosPerLayout", nanos}, {"iterations", iterations}, {"rootWidth", rootWidth}, {"rootHeight", rootHeight}};
}

json handle(const std::string& line, const Configs& configs) {
  json request = json::parse(line, nullptr, false);
  if (request.is_discarded() || !request.is_object()) return {{"error", "request is not a JSON object"}};
  const std::string op = request.contains("op") && request["op"].is_string() ? request["op"].get<std::string>() : "";
  try {
    if (op == "info")
      return {{"name", "yoga"}, {"version", RISTRETTO_YOGA_VERSION},
              {"timing", "native C++; times YGNodeCalculateLayout plus each call's width or YGNodeMarkDirty"}};
    const json& rounding = request.value("rounding", json(false));
    if (!rounding.is_boolean()) refuse("$.rounding", "expected a boolean");
    if (rounding.get<bool>() && op != "layout") refuse("$.rounding", "rounding applies to layout requests only");
    YGConfigRef config = rounding.get<bool>() ? configs.rounded : configs.exact;
    if (op == "layout") return layoutOp(request, config);
    if (op == "bench") return benchOp(request, config);
    return {{"error", "$.op: unknown op \"" + op + "\" (expected info, layout or bench)"}};
  } catch (const std::exception& error) {
    return {{"error", error.what()}};
  }
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  Configs configs{makeConfig(false), makeConfig(true)};
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::cout << handle(line, configs).dump() << '\n' << std::flush;
  }
  YGConfigFree(configs.exact);
  YGConfigFree(configs.rounded);
  return 0;
}
