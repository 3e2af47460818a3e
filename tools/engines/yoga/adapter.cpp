// Yoga peer adapter: the JSON-lines protocol of docs/engines.md "Protocol", for flex cases
// (docs/flex-case-format.md) laid out natively by the static Yoga core of the PyPI wheel `pyyoga`.
//
//   {"op":"info","vocabulary":[…]}                         -> {"name":"yoga","version":"Yoga 3.2.1 (…)","timing","properties"}
//   {"op":"layout","case":{…flex case…}}                   -> {"frames":[{"path":[…],"id"?,"x","y","width","height"}…]}
//   {"op":"layout","case":{…},"resize":W}                  -> the frames after a second layout at viewport width W
//   {"op":"layout","case":{…},"change":{"path":[…],"content":{"width","height"}}}
//                                                          -> the frames after the leaf's new measure answer + YGNodeMarkDirty
//   "content":{"width","height","measure":[…]} on a leaf    -> its measure function replays the table (below)
//   "rounding":true on a layout request                    -> the same with Yoga's pixel rounding on (point scale factor 1)
//   {"op":"bench","case":{…},"iterations":N,"mode":M}      -> {"nanosPerLayout":…,"iterations":N,"rootWidth":…,"rootHeight":…}
//     M = "fresh" | "relayout" or "resize" (with "widths":[W0…WN], Swift's schedule) | "incremental" (with "change":{"path","widths"})
//   anything refused or broken                             -> {"error":"$.case.root.children[1].values.order: Yoga has no order"}
//
// Every CSS property of the flex vocabulary is set on every node, at its CSS initial value when the case does not
// give it (Yoga's own defaults differ: column, flex-shrink 0, relative, align-content flex-start, border-box).
// Refused, with the JSON path of the value: `order` other than 0, min-content / max-content / fit-content sizes, and
// `flex-basis: content` on an item whose main size is not `auto` (Yoga 3.2 has none of them). The root is the only
// child of a viewport node (docs/flex-case-format.md "Layout and frames"). The table is in docs/engines.md
// "What each engine maps and refuses". Pixel rounding is off (point scale factor 0) unless a request asks for it.
#include <yoga/Yoga.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#ifndef RISTRETTO_YOGA_VERSION
#define RISTRETTO_YOGA_VERSION "Yoga (unknown version)"
#endif

using json = nlohmann::json;

namespace {

/// Something the adapter does not lay out, or a malformed request; the message starts with a JSON path.
struct Refusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void refuse(const std::string& path, const std::string& why) { throw Refusal(path + ": " + why); }

/// The properties Yoga has only at their initial values (`order` 0, the one-cell grid's, `writing-mode`
/// horizontal-tb); `info` lists the rest of the vocabulary the request names (Swift sends it) as `properties`.
const std::string unmappedProperties[] = {"order",           "justify-items",     "justify-self",
                                          "grid-template-columns", "grid-template-rows", "grid-column-start",
                                          "grid-row-start",  "writing-mode"};

// MARK: Reading the case

/// A length-like CSS value: `auto`, `none` (max sizes) and undefined are Yoga's "not set".
struct Length {
  enum Kind { Undefined, Auto, Point, Percent } kind = Undefined;
  float value = 0;
};

/// Yoga's physical edges, in the order the arrays below use.
constexpr YGEdge edges[4] = {YGEdgeTop, YGEdgeRight, YGEdgeBottom, YGEdgeLeft};
constexpr const char* edgeNames[4] = {"top", "right", "bottom", "left"};

/// One recorded call of a leaf's measure function (docs/flex-case-format.md "Measure tables"); a size is only read
/// where its mode is not undefined.
struct MeasureRecord {
  YGMeasureMode widthMode = YGMeasureModeUndefined, heightMode = YGMeasureModeUndefined;
  double width = 0, height = 0;
  double outputWidth = 0, outputHeight = 0;
};

/// One element of the case, its CSS values already in Yoga's terms.
struct Element {
  std::string path;  // "$.case.root.children[1]"
  std::optional<std::string> id;
  bool displayed = true;
  bool hasContent = false;
  double contentWidth = 0, contentHeight = 0;  // what the measure function answers
  double offsetWithRoom = 0, offsetWithoutRoom = 0;  // `contentOffset`: where a leaf's content sits (its baseline)
  std::vector<MeasureRecord> measure;          // when not empty, what it answers instead (replayed)
  YGPositionType position = YGPositionTypeStatic;
  YGBoxSizing boxSizing = YGBoxSizingContentBox;
  YGDirection direction = YGDirectionInherit;  // `direction` is inherited in CSS
  YGFlexDirection flexDirection = YGFlexDirectionRow;
  YGWrap wrap = YGWrapNoWrap;
  YGJustify justify = YGJustifyFlexStart;
  YGAlign alignItems = YGAlignStretch, alignSelf = YGAlignAuto, alignContent = YGAlignStretch;
  YGOverflow overflow = YGOverflowVisible;
  float grow = 0, shrink = 1, aspectRatio = YGUndefined;
  Length flexBasis{Length::Auto}, width{Length::Auto}, height{Length::Auto};
  Length minWidth, minHeight, maxWidth, maxHeight;  // Undefined: auto (Yoga has no automatic minimum) / none
  Length inset[4], margin[4] = {{Length::Point}, {Length::Point}, {Length::Point}, {Length::Point}},
                   padding[4] = {{Length::Point}, {Length::Point}, {Length::Point}, {Length::Point}};
  float border[4] = {0, 0, 0, 0};
  Length rowGap{Length::Point}, columnGap{Length::Point};
  std::vector<Element> children;
};

bool isNumber(const json& value) { return value.is_number() && std::isfinite(value.get<double>()); }

double number(const json& value, const std::string& path, double minimum, const char* expected) {
  if (!isNumber(value) || value.get<double>() < minimum) refuse(path, std::string("expected ") + expected + ", got " + value.dump());
  return value.get<double>();
}

/// A typed value (`{"px": n}`, `{"percent": n}` or a keyword): `keywords` are the ones this property accepts.
Length length(const json& value, const std::string& path, bool percent, bool negative,
              std::initializer_list<const char*> keywords, const char* expected) {
  auto bad = [&]() { refuse(path, std::string("expected ") + expected + ", got " + value.dump()); };
  if (value.is_string()) {
    const auto text = value.get<std::string>();
    if (text == "min-content" || text == "max-content" || text == "fit-content")
      refuse(path, "Yoga 3.2 has no min-content, max-content or fit-content sizes");
    for (const char* keyword : keywords)
      if (text == keyword) return {text == "auto" || text == "content" ? Length::Auto : Length::Undefined, 0};
    bad();
  }
  if (!value.is_object() || value.size() != 1) bad();
  const bool px = value.contains("px");
  if (!px && !(percent && value.contains("percent"))) bad();
  const json& amount = value.begin().value();
  if (!isNumber(amount) || (!negative && amount.get<double>() < 0)) bad();
  return {px ? Length::Point : Length::Percent, amount.get<float>()};
}

std::string keyword(const json& value, const std::string& path, std::initializer_list<const char*> allowed) {
  if (value.is_string())
    for (const char* name : allowed)
      if (value.get<std::string>() == name) return name;
  std::string list;
  for (const char* name : allowed) list += (list.empty() ? "" : ", ") + std::string(name);
  refuse(path, "expected one of " + list + ", got " + value.dump());
}

bool isReversed(YGFlexDirection direction) {
  return direction == YGFlexDirectionRowReverse || direction == YGFlexDirectionColumnReverse;
}
bool isRow(YGFlexDirection direction) { return direction == YGFlexDirectionRow || direction == YGFlexDirectionRowReverse; }

/// justify-content; Yoga has no `start`/`end`: they are `flex-start`/`flex-end` unless the direction is reversed.
YGJustify justifyOf(const std::string& name, bool reversed) {
  if (name == "flex-start" || name == "normal") return YGJustifyFlexStart;
  if (name == "flex-end") return YGJustifyFlexEnd;
  if (name == "start") return reversed ? YGJustifyFlexEnd : YGJustifyFlexStart;
  if (name == "end") return reversed ? YGJustifyFlexStart : YGJustifyFlexEnd;
  if (name == "center") return YGJustifyCenter;
  if (name == "space-between") return YGJustifySpaceBetween;
  if (name == "space-around") return YGJustifySpaceAround;
  return YGJustifySpaceEvenly;
}

/// align-items / align-self / align-content; `start`/`end` flip under `wrap-reverse` (the cross-start edge does).
YGAlign alignOf(const std::string& name, bool wrapReverse) {
  if (name == "auto") return YGAlignAuto;
  if (name == "stretch" || name == "normal") return YGAlignStretch;
  if (name == "flex-start") return YGAlignFlexStart;
  if (name == "flex-end") return YGAlignFlexEnd;
  if (name == "start") return wrapReverse ? YGAlignFlexEnd : YGAlignFlexStart;
  if (name == "end") return wrapReverse ? YGAlignFlexStart : YGAlignFlexEnd;
  if (name == "center") return YGAlignCenter;
  if (name == "baseline") return YGAlignBaseline;
  if (name == "space-between") return YGAlignSpaceBetween;
  if (name == "space-around") return YGAlignSpaceAround;
  return YGAlignSpaceEvenly;
}

/// What the parent tells a child's translation.
struct ParentContext {
  bool row = true;          // its main axis is horizontal (the viewport is a row)
  bool wrapReverse = false;  // align-self start/end flip
};

#define ALIGNMENTS "stretch", "normal", "flex-start", "flex-end", "start", "end", "center"

/// A measure table: a non-empty array of `{"width"?, "widthMode", "height"?, "heightMode", "output": {w, h}}`, each
/// size given exactly where its mode is not undefined.
std::vector<MeasureRecord> measureTable(const json& table, const std::string& path) {
  if (!table.is_array() || table.empty()) refuse(path, "expected a non-empty array of measure records");
  std::vector<MeasureRecord> records;
  for (size_t index = 0; index < table.size(); ++index) {
    const json& entry = table[index];
    const std::string at = path + "[" + std::to_string(index) + "]";
    if (!entry.is_object()) refuse(at, "expected a measure record object");
    for (const auto& [key, value] : entry.items())
      if (key != "width" && key != "widthMode" && key != "height" && key != "heightMode" && key != "output")
        refuse(at + "." + key, "unknown key of a measure record");
    MeasureRecord record;
    auto axis = [&](const char* sizeKey, const char* modeKey, YGMeasureMode& mode, double& size) {
      const std::string name = keyword(entry.value(modeKey, json()), at + "." + modeKey, {"exactly", "at-most", "undefined"});
      mode = name == "exactly" ? YGMeasureModeExactly : name == "at-most" ? YGMeasureModeAtMost : YGMeasureModeUndefined;
      if ((mode == YGMeasureModeUndefined) == entry.contains(sizeKey))
        refuse(at + "." + sizeKey, std::string("a size is given exactly where the mode is not undefined (") + modeKey + " is " + name + ")");
      if (mode != YGMeasureModeUndefined) size = number(entry[sizeKey], at + "." + sizeKey, 0, "a number ≥ 0");
    };
    axis("width", "widthMode", record.widthMode, record.width);
    axis("height", "heightMode", record.heightMode, record.height);
    const json& output = entry.value("output", json());
    if (!output.is_object() || !output.contains("width") || !output.contains("height") || output.size() != 2)
      refuse(at + ".output", "expected {\"width\": w, \"height\": h}");
    record.outputWidth = number(output["width"], at + ".output.width", 0, "a number ≥ 0");
    record.outputHeight = number(output["height"], at + ".output.height", 0, "a number ≥ 0");
    records.push_back(record);
  }
  return records;
}

Element translate(const json& node, const std::string& path, const ParentContext& parent) {
  if (!node.is_object()) refuse(path, "expected an element object");
  Element element;
  element.path = path;
  for (const auto& [key, value] : node.items())
    if (key != "style" && key != "values" && key != "id" && key != "content" && key != "children" && key != "contentOffset")
      refuse(path + "." + key, "unknown element key");
  if (node.contains("id")) {
    if (!node["id"].is_string()) refuse(path + ".id", "expected a string");
    element.id = node["id"].get<std::string>();
  }
  static const json empty = json::object();
  const json& values = node.contains("values") ? node["values"] : empty;
  if (!values.is_object()) refuse(path + ".values", "expected an object of typed values");
  const std::string vpath = path + ".values.";

  // Values the others depend on first: the element's own direction and wrap decide start/end.
  if (values.contains("flex-direction")) {
    const auto name = keyword(values["flex-direction"], vpath + "flex-direction", {"row", "row-reverse", "column", "column-reverse"});
    element.flexDirection = name == "row" ? YGFlexDirectionRow : name == "row-reverse" ? YGFlexDirectionRowReverse
                            : name == "column" ? YGFlexDirectionColumn : YGFlexDirectionColumnReverse;
  }
  if (values.contains("flex-wrap")) {
    const auto name = keyword(values["flex-wrap"], vpath + "flex-wrap", {"nowrap", "wrap", "wrap-reverse"});
    element.wrap = name == "nowrap" ? YGWrapNoWrap : name == "wrap" ? YGWrapWrap : YGWrapWrapReverse;
  }
  const bool wrapReverse = element.wrap == YGWrapWrapReverse;
  bool basisIsContent = false;

  for (const auto& [key, value] : values.items()) {
    const std::string at = vpath + key;
    if (key == "flex-direction" || key == "flex-wrap") continue;
    if (key == "display") {
      const auto name = keyword(value, at, {"flex", "grid", "none"});
      if (name == "grid") refuse(at, "Yoga has no grid");
      element.displayed = name == "flex";
    }
    else if (key == "position") {
      const auto name = keyword(value, at, {"static", "relative", "absolute"});
      element.position = name == "static" ? YGPositionTypeStatic : name == "relative" ? YGPositionTypeRelative : YGPositionTypeAbsolute;
    } else if (key == "top" || key == "right" || key == "bottom" || key == "left") {
      for (int edge = 0; edge < 4; ++edge)
        if (key == edgeNames[edge]) element.inset[edge] = length(value, at, true, true, {"auto"}, "a length, a percentage or auto");
    } else if (key == "box-sizing")
      element.boxSizing = keyword(value, at, {"content-box", "border-box"}) == "border-box" ? YGBoxSizingBorderBox : YGBoxSizingContentBox;
    else if (key == "width" || key == "height") {
      (key == "width" ? element.width : element.height) = length(value, at, true, false, {"auto"}, "a length ≥ 0, a percentage ≥ 0 or auto");
    } else if (key == "min-width" || key == "min-height") {
      (key == "min-width" ? element.minWidth : element.minHeight) = length(value, at, true, false, {"auto"}, "a length ≥ 0, a percentage ≥ 0 or auto");
    } else if (key == "max-width" || key == "max-height") {
      (key == "max-width" ? element.maxWidth : element.maxHeight) = length(value, at, true, false, {"none"}, "a length ≥ 0, a percentage ≥ 0 or none");
    } else if (key == "aspect-ratio") {
      if (value == "auto") element.aspectRatio = YGUndefined;
      else if (!isNumber(value) || value.get<double>() <= 0) refuse(at, "expected auto or a number > 0, got " + value.dump());
      else element.aspectRatio = value.get<float>();
    } else if (key.rfind("margin-", 0) == 0 || key.rfind("padding-", 0) == 0 || key.rfind("border-", 0) == 0) {
      const bool isMargin = key[0] == 'm', isPadding = key[0] == 'p';
      const std::string side = key.substr(key.find('-') + 1);
      int edge = -1;
      for (int candidate = 0; candidate < 4; ++candidate)
        if (side == (isMargin || isPadding ? std::string(edgeNames[candidate]) : std::string(edgeNames[candidate]) + "-width"))
          edge = candidate;
      if (edge < 0) refuse(at, "unknown property");
      if (isMargin) element.margin[edge] = length(value, at, true, true, {"auto"}, "a length, a percentage or auto");
      else if (isPadding) element.padding[edge] = length(value, at, true, false, {}, "a length ≥ 0 or a percentage ≥ 0");
      else element.border[edge] = length(value, at, false, false, {}, "a length ≥ 0").value;
    } else if (key == "flex-grow") element.grow = static_cast<float>(number(value, at, 0, "a number ≥ 0"));
    else if (key == "flex-shrink") element.shrink = static_cast<float>(number(value, at, 0, "a number ≥ 0"));
    else if (key == "flex-basis") {
      element.flexBasis = length(value, at, true, false, {"auto", "content"}, "a length ≥ 0, a percentage ≥ 0, auto or content");
      basisIsContent = value == "content";
    } else if (key == "order") {
      if (!value.is_number_integer()) refuse(at, "expected an integer, got " + value.dump());
      if (value.get<int64_t>() != 0) refuse(at, "Yoga has no order");
    } else if (key == "justify-content")
      element.justify = justifyOf(keyword(value, at, {"flex-start", "flex-end", "start", "end", "center", "space-between",
                                                      "space-around", "space-evenly", "normal"}),
                                  isReversed(element.flexDirection));
    else if (key == "align-items") element.alignItems = alignOf(keyword(value, at, {ALIGNMENTS, "baseline"}), wrapReverse);
    else if (key == "align-self") element.alignSelf = alignOf(keyword(value, at, {"auto", ALIGNMENTS, "baseline"}), parent.wrapReverse);
    else if (key == "align-content")
      element.alignContent = alignOf(keyword(value, at, {ALIGNMENTS, "space-between", "space-around", "space-evenly"}), wrapReverse);
    else if (key == "row-gap" || key == "column-gap") {
      (key == "row-gap" ? element.rowGap : element.columnGap) = value == "normal" ? Length{Length::Point, 0}
          : length(value, at, true, false, {}, "a length ≥ 0 or a percentage ≥ 0");
    } else if (key == "overflow-x" || key == "overflow-y") {
      // Yoga has one overflow, and only its `scroll` changes layout; scrollbars take no space, so scroll lays out as
      // hidden, and hidden lays out as visible in Yoga (it has no automatic minimum size for overflow to switch off).
      if (keyword(value, at, {"visible", "hidden", "clip", "scroll"}) == "hidden" || value == "scroll")
        element.overflow = YGOverflowHidden;
    } else if (key == "direction")
      element.direction = keyword(value, at, {"ltr", "rtl"}) == "rtl" ? YGDirectionRTL : YGDirectionLTR;
    else if (key == "justify-items" || key == "justify-self" || key == "grid-template-columns" ||
             key == "grid-template-rows" || key == "grid-column-start" || key == "grid-row-start") {
      // A one-cell grid's properties (a ZBox, docs/conformance.md): inert at their initial values, refused otherwise.
      const bool initial = key == "justify-items" ? value == "stretch" || value == "normal"
                           : key.rfind("grid-template-", 0) == 0 ? value == "none" : value == "auto";
      if (!initial) refuse(at, "Yoga has no grid");
    } else if (key == "writing-mode") {
      if (keyword(value, at, {"horizontal-tb", "vertical-lr", "vertical-rl"}) != "horizontal-tb")
        refuse(at, "Yoga has no writing-mode (it lays out horizontal-tb)");
    } else refuse(at, "unknown property");
  }
  // flex-basis: content is the content size; `auto` is the same only where the main size is itself auto.
  if (basisIsContent && element.position != YGPositionTypeAbsolute &&
      (parent.row ? element.width : element.height).kind != Length::Auto)
    refuse(vpath + "flex-basis", std::string("Yoga has no flex-basis: content (it is auto here only where ") +
                                     (parent.row ? "width" : "height") + " is auto)");

  if (node.contains("content")) {
    const json& content = node["content"];
    if (!content.is_object() || !content.contains("width") || !content.contains("height") ||
        content.size() != (content.contains("measure") ? 3u : 2u))
      refuse(path + ".content", "expected {\"width\": w, \"height\": h, \"measure\"?: […]}");
    element.hasContent = true;
    element.contentWidth = number(content["width"], path + ".content.width", 0, "a number ≥ 0");
    element.contentHeight = number(content["height"], path + ".content.height", 0, "a number ≥ 0");
    if (content.contains("measure")) element.measure = measureTable(content["measure"], path + ".content.measure");
  }
  if (node.contains("contentOffset")) {
    const json& offset = node["contentOffset"];
    if (!offset.is_array() || offset.size() != 2 || !isNumber(offset[0]) || !isNumber(offset[1]) || offset[0] < 0 ||
        offset[0] > 1 || offset[1] < 0 || offset[1] > 1)
      refuse(path + ".contentOffset", "expected [share with room, share without room], each from 0 to 1, got " + offset.dump());
    element.offsetWithRoom = offset[0].get<double>();
    element.offsetWithoutRoom = offset[1].get<double>();
  }
  if (node.contains("children")) {
    const json& children = node["children"];
    if (!children.is_array()) refuse(path + ".children", "expected an array");
    if (element.hasContent && !children.empty()) refuse(path + ".content", "content is for leaves (elements without children)");
    const ParentContext context{isRow(element.flexDirection), wrapReverse};
    for (size_t index = 0; index < children.size(); ++index)
      element.children.push_back(translate(children[index], path + ".children[" + std::to_string(index) + "]", context));
  }
  return element;
}

/// A viewport size: a number ≥ 0, or null (max-content).
std::optional<double> viewportSize(const json& viewport, const char* key) {
  if (!viewport.contains(key) || viewport[key].is_null()) return std::nullopt;
  return number(viewport[key], std::string("$.case.viewport.") + key, 0, "a number ≥ 0 or null");
}

struct FlexCase {
  Element root;
  std::optional<double> width, height;  // the viewport
};

FlexCase parseCase(const json& request) {
  if (!request.contains("case") || !request["case"].is_object()) refuse("$.case", "missing flex case object");
  const json& flexCase = request["case"];
  if (flexCase.value("kind", "") != "flex") refuse("$.case.kind", "expected \"flex\" (adapters receive flex cases only)");
  if (!flexCase.contains("root")) refuse("$.case.root", "missing root");
  FlexCase result{translate(flexCase["root"], "$.case.root", ParentContext{}), std::nullopt, std::nullopt};
  if (flexCase.contains("viewport") && !flexCase["viewport"].is_null()) {
    const json& viewport = flexCase["viewport"];
    if (!viewport.is_object()) refuse("$.case.viewport", "expected {\"width\", \"height\"}");
    result.width = viewportSize(viewport, "width");
    result.height = viewportSize(viewport, "height");
  }
  return result;
}

// MARK: Building the Yoga tree

/// A content leaf's measure function: the content size, or the given size along an axis Yoga has decided; never
/// capped by the space available (the content is like an image of that size).
YGSize measureContent(YGNodeConstRef node, float width, YGMeasureMode widthMode, float height, YGMeasureMode heightMode) {
  const auto* element = static_cast<const Element*>(YGNodeGetContext(node));
  double answerWidth = element->contentWidth, answerHeight = element->contentHeight;
  if (!element->measure.empty()) {
    // Replay (docs/flex-case-format.md "Measure tables"): the record with the fewest axes whose mode differs, then
    // the least sum of |asked − recorded| over the axes where both have a size, then the earliest.
    const MeasureRecord* best = nullptr;
    int bestMismatch = 3;
    double bestDistance = 0;
    for (const MeasureRecord& record : element->measure) {
      int mismatch = 0;
      double distance = 0;
      for (auto [mode, size, recordMode, recordSize] : {std::tuple{widthMode, width, record.widthMode, record.width},
                                                        std::tuple{heightMode, height, record.heightMode, record.height}}) {
        if (mode != recordMode) ++mismatch;
        if (mode != YGMeasureModeUndefined && recordMode != YGMeasureModeUndefined)
          distance += std::abs(static_cast<double>(size) - recordSize);
      }
      if (mismatch < bestMismatch || (mismatch == bestMismatch && distance < bestDistance)) {
        best = &record;
        bestMismatch = mismatch;
        bestDistance = distance;
      }
    }
    answerWidth = best->outputWidth;
    answerHeight = best->outputHeight;
  }
  return {widthMode == YGMeasureModeExactly ? width : static_cast<float>(answerWidth),
          heightMode == YGMeasureModeExactly ? height : static_cast<float>(answerHeight)};
}

/// Where a leaf's content (h high, a flex item of the leaf) sits in the leaf's content box of height `inner`: its
/// `contentOffset` share of the free height (Swift's `ContentOffset` is the one rule); its bottom is the baseline.
float contentTop(const Element& leaf, float inner, float h) {
  const double free = inner - h;
  const double share = free > 0 ? leaf.offsetWithRoom : leaf.offsetWithoutRoom;
  return share == 0 ? 0 : static_cast<float>(free * share);  // 0 at the start edge, even for an undefined height
}

/// A content leaf's baseline, from its border box's top: the bottom of its content (CSS synthesizes the baseline of
/// the box without text from its border box). Without this function Yoga would take the leaf's own bottom edge.
float contentBaseline(YGNodeConstRef node, float /*width*/, float height) {
  const auto* element = static_cast<const Element*>(YGNodeGetContext(node));
  const float top = YGNodeLayoutGetBorder(node, YGEdgeTop) + YGNodeLayoutGetPadding(node, YGEdgeTop);
  const float inner = height - top - YGNodeLayoutGetBorder(node, YGEdgeBottom) - YGNodeLayoutGetPadding(node, YGEdgeBottom);
  const float h = static_cast<float>(element->contentHeight);
  return top + contentTop(*element, inner, h) + h;
}

/// Makes a childless node a content leaf: Yoga asks the element for its size and baseline.
void measureAsContent(YGNodeRef node, Element& element) {
  YGNodeSetContext(node, &element);
  YGNodeSetMeasureFunc(node, measureContent);
  YGNodeSetBaselineFunc(node, contentBaseline);
}

using SetLength = void (*)(YGNodeRef, float);
void setLength(YGNodeRef node, const Length& value, SetLength point, SetLength percent, void (*setAuto)(YGNodeRef)) {
  switch (value.kind) {
    case Length::Point: return point(node, value.value);
    case Length::Percent: return percent(node, value.value);
    case Length::Auto: if (setAuto) return setAuto(node); [[fallthrough]];
    case Length::Undefined: return point(node, YGUndefined);
  }
}

YGNodeRef build(Element& element, YGConfigRef config) {
  YGNodeRef node = YGNodeNewWithConfig(config);
  YGNodeStyleSetDisplay(node, element.displayed ? YGDisplayFlex : YGDisplayNone);
  YGNodeStyleSetPositionType(node, element.position);
  YGNodeStyleSetBoxSizing(node, element.boxSizing);
  YGNodeStyleSetDirection(node, element.direction);
  YGNodeStyleSetFlexDirection(node, element.flexDirection);
  YGNodeStyleSetFlexWrap(node, element.wrap);
  YGNodeStyleSetJustifyContent(node, element.justify);
  YGNodeStyleSetAlignItems(node, element.alignItems);
  YGNodeStyleSetAlignSelf(node, element.alignSelf);
  YGNodeStyleSetAlignContent(node, element.alignContent);
  YGNodeStyleSetOverflow(node, element.overflow);
  YGNodeStyleSetFlexGrow(node, element.grow);
  YGNodeStyleSetFlexShrink(node, element.shrink);
  setLength(node, element.flexBasis, YGNodeStyleSetFlexBasis, YGNodeStyleSetFlexBasisPercent, YGNodeStyleSetFlexBasisAuto);
  setLength(node, element.width, YGNodeStyleSetWidth, YGNodeStyleSetWidthPercent, YGNodeStyleSetWidthAuto);
  setLength(node, element.height, YGNodeStyleSetHeight, YGNodeStyleSetHeightPercent, YGNodeStyleSetHeightAuto);
  setLength(node, element.minWidth, YGNodeStyleSetMinWidth, YGNodeStyleSetMinWidthPercent, nullptr);
  setLength(node, element.minHeight, YGNodeStyleSetMinHeight, YGNodeStyleSetMinHeightPercent, nullptr);
  setLength(node, element.maxWidth, YGNodeStyleSetMaxWidth, YGNodeStyleSetMaxWidthPercent, nullptr);
  setLength(node, element.maxHeight, YGNodeStyleSetMaxHeight, YGNodeStyleSetMaxHeightPercent, nullptr);
  YGNodeStyleSetAspectRatio(node, element.aspectRatio);
  for (int edge = 0; edge < 4; ++edge) {
    const YGEdge yogaEdge = edges[edge];
    const Length& inset = element.inset[edge];
    if (inset.kind == Length::Point) YGNodeStyleSetPosition(node, yogaEdge, inset.value);
    else if (inset.kind == Length::Percent) YGNodeStyleSetPositionPercent(node, yogaEdge, inset.value);
    // auto: Yoga's default (undefined) is CSS's auto
    const Length& margin = element.margin[edge];
    if (margin.kind == Length::Point) YGNodeStyleSetMargin(node, yogaEdge, margin.value);
    else if (margin.kind == Length::Percent) YGNodeStyleSetMarginPercent(node, yogaEdge, margin.value);
    else YGNodeStyleSetMarginAuto(node, yogaEdge);
    const Length& padding = element.padding[edge];
    if (padding.kind == Length::Percent) YGNodeStyleSetPaddingPercent(node, yogaEdge, padding.value);
    else YGNodeStyleSetPadding(node, yogaEdge, padding.value);
    YGNodeStyleSetBorder(node, yogaEdge, element.border[edge]);
  }
  for (auto [gutter, gap] : {std::pair{YGGutterRow, element.rowGap}, std::pair{YGGutterColumn, element.columnGap}}) {
    if (gap.kind == Length::Percent) YGNodeStyleSetGapPercent(node, gutter, gap.value);
    else YGNodeStyleSetGap(node, gutter, gap.value);
  }
  if (element.hasContent) measureAsContent(node, element);
  for (size_t index = 0; index < element.children.size(); ++index)
    YGNodeInsertChild(node, build(element.children[index], config), index);
  return node;
}

/// The viewport (docs/flex-case-format.md "Layout and frames"): a row flex container of the viewport's size
/// (undefined, so max-content, for a null dimension) holding the root, which it never stretches.
void setViewportSize(YGNodeRef viewport, std::optional<double> width, std::optional<double> height) {
  if (width) YGNodeStyleSetWidth(viewport, static_cast<float>(*width));
  else YGNodeStyleSetWidthAuto(viewport);
  if (height) YGNodeStyleSetHeight(viewport, static_cast<float>(*height));
  else YGNodeStyleSetHeightAuto(viewport);
}

/// Owns a viewport node and the case's tree under it.
struct YogaTree {
  YGNodeRef viewport = nullptr;
  YGNodeRef root() const { return YGNodeGetChild(viewport, 0); }
  YogaTree(Element& root, YGConfigRef config, std::optional<double> width, std::optional<double> height) {
    viewport = YGNodeNewWithConfig(config);
    YGNodeStyleSetDirection(viewport, YGDirectionLTR);
    YGNodeStyleSetPositionType(viewport, YGPositionTypeRelative);
    YGNodeStyleSetFlexDirection(viewport, YGFlexDirectionRow);
    YGNodeStyleSetFlexWrap(viewport, YGWrapNoWrap);
    YGNodeStyleSetAlignItems(viewport, YGAlignFlexStart);
    YGNodeStyleSetJustifyContent(viewport, YGJustifyFlexStart);
    setViewportSize(viewport, width, height);
    YGNodeInsertChild(viewport, build(root, config), 0);
  }
  YogaTree(const YogaTree&) = delete;
  YogaTree& operator=(const YogaTree&) = delete;
  ~YogaTree() { YGNodeFreeRecursive(viewport); }
  /// The engine's layout call, the only thing benchmarks time.
  void calculate() const { YGNodeCalculateLayout(viewport, YGUndefined, YGUndefined, YGDirectionLTR); }
};

/// Border boxes of the displayed elements in pre-order, each relative to its parent's border box (the root's to the
/// viewport); Yoga's layout positions are exactly that.
void appendFrames(const Element& element, YGNodeRef node, std::vector<int>& path, json& frames) {
  if (!element.displayed) return;
  json frame = json::object();
  frame["path"] = path;
  if (element.id) frame["id"] = *element.id;
  frame["x"] = static_cast<double>(YGNodeLayoutGetLeft(node));
  frame["y"] = static_cast<double>(YGNodeLayoutGetTop(node));
  frame["width"] = static_cast<double>(YGNodeLayoutGetWidth(node));
  frame["height"] = static_cast<double>(YGNodeLayoutGetHeight(node));
  frames.push_back(std::move(frame));
  for (size_t index = 0; index < element.children.size(); ++index) {
    path.push_back(static_cast<int>(index));
    appendFrames(element.children[index], YGNodeGetChild(node, index), path, frames);
    path.pop_back();
  }
}

/// Pixel snapping off (scale factor 0), or on at one point per pixel for `"rounding":true`. No errata: Yoga's
/// CSS-conformant behaviour.
YGConfigRef makeConfig(bool rounding) {
  YGConfigRef config = YGConfigNew();
  YGConfigSetPointScaleFactor(config, rounding ? 1 : 0);
  YGConfigSetErrata(config, YGErrataNone);
  return config;
}

struct Configs {
  YGConfigRef exact, rounded;
};

// MARK: Operations

/// A content leaf, addressed by child indices from the root, and its Yoga node.
struct LeafAt {
  Element* element;
  YGNodeRef node;
};

/// The leaf at `path`; an empty leaf (no children, no content) is made a content leaf when `giveContent` (a layout
/// `change` gives it content, as a browser adds a content block), and refused otherwise (incremental benches).
LeafAt leafAt(Element& root, const YogaTree& tree, const json& path, const std::string& jsonPath, bool giveContent = false) {
  if (!path.is_array()) refuse(jsonPath, "expected an array of child indices");
  Element* element = &root;
  YGNodeRef node = tree.root();
  for (const auto& index : path) {
    if (!index.is_number_integer() || index.get<int64_t>() < 0 ||
        index.get<int64_t>() >= static_cast<int64_t>(element->children.size()))
      refuse(jsonPath, "no element at path " + path.dump());
    element = &element->children[index.get<size_t>()];
    node = YGNodeGetChild(node, index.get<size_t>());
  }
  if (!element->children.empty()) refuse(jsonPath, "the element at path " + path.dump() + " is not a leaf");
  if (!element->hasContent) {
    if (!giveContent) refuse(jsonPath, "the element at path " + path.dump() + " is not a leaf with content");
    element->hasContent = true;
    measureAsContent(node, *element);
  }
  return {element, node};
}

/// A leaf's new content size, told through Yoga's API: its measure function answers the new size (a measure table is
/// dropped: the leaf is a fixed-size content leaf from then on), and the node is marked dirty (Yoga cannot know that
/// a measure function's answer changed).
void setContent(const LeafAt& leaf, double width, double height) {
  leaf.element->contentWidth = width;
  leaf.element->contentHeight = height;
  leaf.element->measure.clear();
  YGNodeMarkDirty(leaf.node);
}

json layoutOp(const json& request, YGConfigRef config) {
  FlexCase flexCase = parseCase(request);
  if (request.contains("resize") && request.contains("change")) refuse("$.change", "one change per request: resize or change");
  YogaTree tree(flexCase.root, config, flexCase.width, flexCase.height);
  tree.calculate();
  if (request.contains("resize")) {
    setViewportSize(tree.viewport, number(request["resize"], "$.resize", 0, "a number ≥ 0"), flexCase.height);
    tree.calculate();
  } else if (request.contains("change")) {
    const json& change = request["change"];
    if (!change.is_object() || !change.contains("path") || !change.contains("content") || !change["content"].is_object())
      refuse("$.change", "expected {\"path\":[…],\"content\":{\"width\",\"height\"}}");
    LeafAt leaf = leafAt(flexCase.root, tree, change["path"], "$.change.path", true);
    const json& content = change["content"];
    setContent(leaf, number(content.value("width", json(leaf.element->contentWidth)), "$.change.content.width", 0, "a number ≥ 0"),
               number(content.value("height", json(leaf.element->contentHeight)), "$.change.content.height", 0, "a number ≥ 0"));
    tree.calculate();
  }
  json frames = json::array();
  std::vector<int> path;
  appendFrames(flexCase.root, tree.root(), path, frames);
  return {{"frames", std::move(frames)}};
}

std::vector<double> numbers(const json& value, const std::string& path) {
  if (!value.is_array() || value.empty()) refuse(path, "expected a non-empty array of numbers ≥ 0");
  std::vector<double> result;
  for (size_t index = 0; index < value.size(); ++index)
    result.push_back(number(value[index], path + "[" + std::to_string(index) + "]", 0, "a number ≥ 0"));
  return result;
}

json benchOp(const json& request, YGConfigRef config) {
  FlexCase flexCase = parseCase(request);
  if (!request.contains("iterations") || !request["iterations"].is_number_integer() || request["iterations"].get<int64_t>() < 1)
    refuse("$.iterations", "expected a positive integer");
  const int64_t iterations = request["iterations"].get<int64_t>();
  const std::string mode = request.contains("mode") && request["mode"].is_string() ? request["mode"].get<std::string>() : "";
  using Clock = std::chrono::steady_clock;
  Clock::duration total{};
  double rootWidth = 0, rootHeight = 0;
  // Only the engine's layout call is timed; every change before it (a viewport width, a measure answer and
  // YGNodeMarkDirty) is made outside the timer.
  auto timed = [&](const YogaTree& tree) {
    const auto start = Clock::now();
    tree.calculate();
    total += Clock::now() - start;
    rootWidth = YGNodeLayoutGetWidth(tree.root());  // black hole and validity check of every result
    rootHeight = YGNodeLayoutGetHeight(tree.root());
    if (!std::isfinite(rootWidth) || !std::isfinite(rootHeight) || rootWidth < 0 || rootHeight < 0)
      throw std::runtime_error("invalid root size after layout");
  };
  if (mode == "fresh") {
    // A new tree per iteration, built outside the timer; each iteration times its first layout.
    for (int64_t i = 0; i < iterations; ++i) {
      YogaTree tree(flexCase.root, config, flexCase.width, flexCase.height);
      timed(tree);
    }
  } else if (mode == "relayout" || mode == "resize") {
    // The harness's schedule: viewport width W0 untimed, then one timed layout at each of W1 … WN.
    const std::vector<double> widths = numbers(request.value("widths", json()), "$.widths");
    if (static_cast<int64_t>(widths.size()) != iterations + 1)
      refuse("$.widths", "expected iterations + 1 = " + std::to_string(iterations + 1) + " widths");
    YogaTree tree(flexCase.root, config, widths[0], flexCase.height);
    tree.calculate();
    for (int64_t i = 1; i <= iterations; ++i) {
      setViewportSize(tree.viewport, widths[i], flexCase.height);
      timed(tree);
    }
  } else if (mode == "incremental") {
    // In the case's viewport; call i gives the leaf the content width widths[i % count] (its height unchanged).
    const json& change = request.value("change", json());
    if (!change.is_object()) refuse("$.change", "expected {\"path\":[…],\"widths\":[…]}");
    const std::vector<double> widths = numbers(change.value("widths", json()), "$.change.widths");
    YogaTree tree(flexCase.root, config, flexCase.width, flexCase.height);
    LeafAt leaf = leafAt(flexCase.root, tree, change.value("path", json()), "$.change.path");
    tree.calculate();
    const double height = leaf.element->contentHeight;
    for (int64_t i = 0; i < iterations; ++i) {
      setContent(leaf, widths[i % widths.size()], height);
      timed(tree);
    }
  } else {
    refuse("$.mode", "expected \"fresh\", \"relayout\", \"resize\" or \"incremental\"");
  }
  const double nanos = std::chrono::duration<double, std::nano>(total).count() / static_cast<double>(iterations);
  return {{"nanosPerLayout", nanos}, {"iterations", iterations}, {"rootWidth", rootWidth}, {"rootHeight", rootHeight}};
}

json handle(const std::string& line, const Configs& configs) {
  json request = json::parse(line, nullptr, false);
  if (request.is_discarded() || !request.is_object()) return {{"error", "$: the request is not a JSON object"}};
  const std::string op = request.contains("op") && request["op"].is_string() ? request["op"].get<std::string>() : "";
  try {
    if (op == "info") {
      json reply = {{"name", "yoga"}, {"version", RISTRETTO_YOGA_VERSION},
                    {"timing", "native C++, std::chrono::steady_clock around YGNodeCalculateLayout only"}};
      if (request.contains("vocabulary") && request["vocabulary"].is_array()) {
        json properties = json::array();
        for (const json& name : request["vocabulary"])
          if (name.is_string() && std::find(std::begin(unmappedProperties), std::end(unmappedProperties),
                                            name.get<std::string>()) == std::end(unmappedProperties))
            properties.push_back(name);
        reply["properties"] = std::move(properties);
      }
      return reply;
    }
    const json& rounding = request.contains("rounding") ? request["rounding"] : json(false);
    if (!rounding.is_boolean()) refuse("$.rounding", "expected a boolean");
    if (rounding.get<bool>() && op != "layout") refuse("$.rounding", "rounding applies to layout requests only");
    YGConfigRef config = rounding.get<bool>() ? configs.rounded : configs.exact;
    if (op == "layout") return layoutOp(request, config);
    if (op == "bench") return benchOp(request, config);
    return {{"error", "$.op: unknown op " + (request.contains("op") ? request["op"].dump() : "(missing)") +
                          " (expected info, layout or bench)"}};
  } catch (const std::exception& error) {  // a refusal or an engine failure is a reply, never a dead adapter
    return {{"error", error.what()}};
  }
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  Configs configs{makeConfig(false), makeConfig(true)};
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::cout << handle(line, configs).dump() << '\n' << std::flush;
  }
  YGConfigFree(configs.exact);
  YGConfigFree(configs.rounded);
  return 0;
}
