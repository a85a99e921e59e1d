#include "GwReader.h"

#include <algorithm>
#include <map>

#include "symseq/support/DidYouMean.h"

namespace symseq::graphwalker {

namespace {

constexpr const char* kFormatDoc = "docs/models/graphwalker.md";

// The keys each object may carry. The ignored ones are GraphWalker's own and mean nothing to a
// symbolic test generator (layout, requirements, the random generator's knobs).
struct KeySet {
  std::vector<std::string> read;     // used by symseq
  std::vector<std::string> ignored;  // documented by GraphWalker, accepted and ignored
};

const KeySet kFileKeys{{"models"}, {"name", "seed"}};
const KeySet kModelKeys{{"name", "startElementId", "actions", "vertices", "edges"},
                        {"id", "generator", "requirements", "properties", "predefinedPathEdgeIds"}};
const KeySet kVertexKeys{{"id", "name", "actions"}, {"sharedState", "requirements", "properties"}};
const KeySet kEdgeKeys{{"id", "name", "guard", "actions", "sourceVertexId", "targetVertexId"},
                       {"requirements", "properties", "weight", "dependency"}};

std::string joined(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::string s;
  for (const auto* list : {&a, &b})
    for (const std::string& k : *list) s += (s.empty() ? "" : ", ") + k;
  return s;
}

class Reader {
 public:
  Reader(std::string_view text, const std::string& file, std::string fallbackName, std::string start, ExprContext& ctx)
      : source_(text, file), fallbackName_(std::move(fallbackName)), start_(std::move(start)), ctx_(ctx) {}

  Model run() {
    const JsonValue root = parseJson(source_);
    expect(root, JsonValue::Kind::Object, "the file");
    checkKeys(root, kFileKeys, "the file");
    const JsonValue* models = root.member("models");
    if (!models)
      fail(root.offset, "the file has no \"models\" array",
           "a GraphWalker file is {\"models\": [{\"name\": ..., \"vertices\": [...], \"edges\": [...]}]}");
    expect(*models, JsonValue::Kind::Array, "\"models\"");
    if (models->items.empty()) fail(models->offset, "\"models\" is empty", "give the file one model");
    if (models->items.size() > 1)
      fail(models->items[1].offset,
           "the file holds " + std::to_string(models->items.size()) + " models; symseq reads one model per file",
           "several models joined by shared states are planned; until then put each model in a file of its own");
    if (const JsonValue* name = root.member("name")) expectOptional(*name, JsonValue::Kind::String, "the file's \"name\"");
    if (const JsonValue* seed = root.member("seed")) expectOptional(*seed, JsonValue::Kind::Number, "\"seed\"");
    readModel(models->items[0]);
    return std::move(model_);
  }

 private:
  [[noreturn]] void fail(std::size_t offset, const std::string& message, const std::string& hint) const {
    throw ParseError(message, source_.at(offset), hint);
  }

  void expect(const JsonValue& v, JsonValue::Kind kind, const std::string& what) const {
    if (v.kind != kind)
      fail(v.offset, what + " must be " + kindName(kind) + ", not " + kindName(v.kind),
           std::string("see ") + kFormatDoc + " for the format");
  }
  // An optional key may also be null (absent).
  bool expectOptional(const JsonValue& v, JsonValue::Kind kind, const std::string& what) const {
    if (v.kind == JsonValue::Kind::Null) return false;
    expect(v, kind, what);
    return true;
  }

  void checkKeys(const JsonValue& object, const KeySet& keys, const std::string& what) const {
    std::vector<std::string> all = keys.read;
    all.insert(all.end(), keys.ignored.begin(), keys.ignored.end());
    for (std::size_t k = 0; k < object.members.size(); ++k) {
      const std::string& key = object.members[k].first;
      if (std::find(all.begin(), all.end(), key) == all.end())
        fail(object.keyOffsets[k], "unknown key \"" + key + "\" in " + what + didYouMean(key, all),
             "the keys of " + what + " are " + joined(keys.read, keys.ignored) + " (" + kFormatDoc + ")");
      for (std::size_t j = 0; j < k; ++j)
        if (object.members[j].first == key)
          fail(object.keyOffsets[k], "duplicate key \"" + key + "\" in " + what, "give each key once");
    }
  }

  // A list of strings (`actions`, `requirements`, ...); empty when absent or null.
  [[nodiscard]] std::vector<const JsonValue*> strings(const JsonValue& object, const std::string& key,
                                                      const std::string& what) const {
    std::vector<const JsonValue*> out;
    const JsonValue* list = object.member(key);
    if (!list || !expectOptional(*list, JsonValue::Kind::Array, "\"" + key + "\" of " + what)) return out;
    for (const JsonValue& item : list->items) {
      expect(item, JsonValue::Kind::String, "every entry of \"" + key + "\" of " + what);
      out.push_back(&item);
    }
    return out;
  }

  [[nodiscard]] const JsonValue* string(const JsonValue& object, const std::string& key, const std::string& what) const {
    const JsonValue* v = object.member(key);
    if (!v || !expectOptional(*v, JsonValue::Kind::String, "\"" + key + "\" of " + what)) return nullptr;
    return v;
  }

  // The ignored keys still have GraphWalker's types, so a misplaced value is noticed.
  void checkIgnored(const JsonValue& object, const std::string& what) const {
    (void)strings(object, "requirements", what);
    (void)strings(object, "predefinedPathEdgeIds", what);
    for (const char* key : {"generator", "sharedState"}) (void)string(object, key, what);
    if (const JsonValue* p = object.member("properties");
        p && p->kind != JsonValue::Kind::Object && p->kind != JsonValue::Kind::Array && p->kind != JsonValue::Kind::Null)
      fail(p->offset, "\"properties\" of " + what + " must be an object, not " + kindName(p->kind),
           "GraphWalker keeps layout and descriptions there; symseq ignores them");
    for (const char* key : {"weight", "dependency"})
      if (const JsonValue* v = object.member(key);
          v && v->kind != JsonValue::Kind::Number && v->kind != JsonValue::Kind::String && v->kind != JsonValue::Kind::Null)
        fail(v->offset, "\"" + std::string(key) + "\" of " + what + " must be a number, not " + kindName(v->kind),
             "GraphWalker's generators use it; symseq ignores it");
  }

  static std::string scriptWhat(const std::string& owner, std::size_t index, std::size_t count) {
    if (count == 1) return "the actions of " + owner;
    return "action " + std::to_string(index + 1) + " of " + owner;
  }

  struct Element {
    const JsonValue* object = nullptr;
    std::string id;
    std::string label;  // name, or the id when none
    bool isEdge{false};
    std::size_t index = 0;
  };

  void readModel(const JsonValue& m) {
    expect(m, JsonValue::Kind::Object, "a model");
    checkKeys(m, kModelKeys, "a model");
    checkIgnored(m, "the model");
    (void)string(m, "id", "the model");
    const JsonValue* name = string(m, "name", "the model");
    model_.name = name && !name->text.empty() ? name->text : fallbackName_;

    // The model's actions first, whatever the key order: they declare the variables.
    const auto modelActions = strings(m, "actions", "the model");
    for (std::size_t i = 0; i < modelActions.size(); ++i)
      runModelActions(ctx_, source_, Script{modelActions[i], scriptWhat("the model", i, modelActions.size())},
                      model_.variables, model_.initial);

    const JsonValue* vertices = m.member("vertices");
    if (!vertices || vertices->kind == JsonValue::Kind::Null)
      fail(m.offset, "the model has no \"vertices\"", "a model is a graph: list its vertices");
    expect(*vertices, JsonValue::Kind::Array, "\"vertices\"");
    if (vertices->items.empty()) fail(vertices->offset, "the model has no vertices", "give it at least one");
    const JsonValue* edges = m.member("edges");
    if (edges && edges->kind != JsonValue::Kind::Null) expect(*edges, JsonValue::Kind::Array, "\"edges\"");

    std::vector<Element> elements;
    for (const JsonValue& v : vertices->items) elements.push_back(element(v, false, elements.size()));
    const std::size_t vertexCount = elements.size();
    if (edges)
      for (const JsonValue& e : edges->items) elements.push_back(element(e, true, elements.size() - vertexCount));

    std::map<std::string, std::size_t> ids;
    std::map<std::string, std::size_t> labels;
    for (std::size_t i = 0; i < elements.size(); ++i) {
      const auto [it, fresh] = ids.emplace(elements[i].id, i);
      if (!fresh)
        fail(elements[i].object->member("id")->offset, "the id \"" + elements[i].id + "\" is used twice",
             "the first is at " + source_.at(elements[it->second].object->offset).toString() +
                 "; every vertex and edge has its own id");
      ++labels[elements[i].label];
    }
    // A name shared by several elements (GraphWalker allows it: one test method for several
    // edges) gets the id appended, so every transition and location has its own name.
    const auto unique = [&](const Element& e) { return labels[e.label] > 1 ? e.label + "#" + e.id : e.label; };

    std::vector<std::string> vertexIds;
    for (std::size_t i = 0; i < vertexCount; ++i) {
      const Element& e = elements[i];
      vertexIds.push_back(e.id);
      Vertex v;
      v.id = e.id;
      v.name = unique(e);
      v.where = source_.at(e.object->offset);
      const auto acts = strings(*e.object, "actions", "vertex '" + v.name + "'");
      for (std::size_t k = 0; k < acts.size(); ++k) {
        auto updates = parseActions(ctx_, source_, Script{acts[k], scriptWhat("vertex '" + v.name + "'", k, acts.size())},
                                    model_.variables);
        v.actions.insert(v.actions.end(), updates.begin(), updates.end());
      }
      model_.vertices.push_back(std::move(v));
    }
    const auto vertexOf = [&](const JsonValue& ref, const std::string& edge) -> std::size_t {
      for (std::size_t i = 0; i < vertexCount; ++i)
        if (elements[i].id == ref.text) return i;
      const bool isEdgeId = ids.contains(ref.text);
      fail(ref.offset,
           "edge '" + edge + "' names " + (isEdgeId ? "the edge" : "the unknown vertex") + " '" + ref.text + "'" +
               (isEdgeId ? "" : didYouMean(ref.text, vertexIds)),
           "sourceVertexId and targetVertexId hold the id of a vertex of this model");
    };

    std::vector<const JsonValue*> sources;
    for (std::size_t i = vertexCount; i < elements.size(); ++i) {
      const Element& e = elements[i];
      Edge edge;
      edge.id = e.id;
      edge.name = unique(e);
      edge.label = e.label;
      edge.where = source_.at(e.object->offset);
      const std::string what = "edge '" + edge.name + "'";
      const JsonValue* from = string(*e.object, "sourceVertexId", what);
      const JsonValue* to = string(*e.object, "targetVertexId", what);
      if (!to)
        fail(e.object->offset, what + " has no \"targetVertexId\"", "every edge leads to a vertex: name its id");
      edge.target = vertexOf(*to, edge.name);
      if (from) edge.source = vertexOf(*from, edge.name);
      sources.push_back(from);
      const JsonValue* guard = string(*e.object, "guard", what);
      edge.guard = guard ? parseGuard(ctx_, source_, Script{guard, "the guard of " + what}, model_.variables)
                         : ctx_.boolVal(true);
      const auto acts = strings(*e.object, "actions", what);
      for (std::size_t k = 0; k < acts.size(); ++k) {
        auto updates = parseActions(ctx_, source_, Script{acts[k], scriptWhat(what, k, acts.size())}, model_.variables);
        edge.actions.insert(edge.actions.end(), updates.begin(), updates.end());
      }
      model_.edges.push_back(std::move(edge));
    }

    // The start element: the option's, else the model's startElementId (an id, or a unique name).
    const JsonValue* startValue = string(m, "startElementId", "the model");
    const std::string start = !start_.empty() ? start_ : startValue ? startValue->text : "";
    if (start.empty())
      fail(startValue ? startValue->offset : m.offset, "the model names no start element",
           "set \"startElementId\" to the id of the vertex the walk starts at (or of the edge taken first), or "
           "give the frontend option start = \"ID\" in the run file's [model]");
    std::optional<std::size_t> found;
    if (const auto it = ids.find(start); it != ids.end()) found = it->second;
    for (std::size_t i = 0; !found && i < elements.size(); ++i)
      if (unique(elements[i]) == start) found = i;
    if (!found) {
      std::vector<std::string> candidates;
      for (const Element& e : elements) candidates.push_back(e.id);
      const std::string hint = "name the id of a vertex or an edge of the model";
      if (!start_.empty())
        throw ConfigError("the start element '" + start + "' (frontend option start) is no vertex or edge of " +
                              source_.file() + didYouMean(start, candidates),
                          std::nullopt, hint);
      fail(startValue->offset, "the start element '" + start + "' is no vertex or edge of the model" +
                                   didYouMean(start, candidates), hint);
    }
    model_.startIsEdge = elements[*found].isEdge;
    model_.start = elements[*found].index;

    for (std::size_t k = 0; k < model_.edges.size(); ++k)
      if (!sources[k] && !(model_.startIsEdge && model_.start == k))
        fail(elements[vertexCount + k].object->offset,
             "edge '" + model_.edges[k].name + "' has no \"sourceVertexId\", and it is not the start element",
             "only the edge taken first (the model's startElementId) may start nowhere; give it a sourceVertexId");
  }

  Element element(const JsonValue& v, bool isEdge, std::size_t index) const {
    const std::string kind = isEdge ? "an edge" : "a vertex";
    expect(v, JsonValue::Kind::Object, kind);
    checkKeys(v, isEdge ? kEdgeKeys : kVertexKeys, kind);
    const JsonValue* id = v.member("id");
    if (!id || id->kind == JsonValue::Kind::Null)
      fail(v.offset, kind + " without an \"id\"", "every vertex and edge has an id (edges name their vertices by it)");
    expect(*id, JsonValue::Kind::String, "\"id\"");
    if (id->text.empty()) fail(id->offset, "an empty \"id\"", "every vertex and edge has a non-empty id");
    Element e;
    e.object = &v;
    e.id = id->text;
    const JsonValue* name = string(v, "name", kind + " '" + id->text + "'");
    e.label = name && !name->text.empty() ? name->text : id->text;
    e.isEdge = isEdge;
    e.index = index;
    checkIgnored(v, kind + " '" + e.label + "'");
    return e;
  }

  SourceText source_;
  std::string fallbackName_;
  std::string start_;
  ExprContext& ctx_;
  Model model_;
};

}  // namespace

Model readModel(std::string_view text, const std::string& file, const std::string& fallbackName,
                const std::string& start, ExprContext& ctx) {
  return Reader(text, file, fallbackName, start, ctx).run();
}

}  // namespace symseq::graphwalker
