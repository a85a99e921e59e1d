#pragma once
// A GraphWalker model as the reader leaves it: the one model of the file, its elements by
// their unique display names, guards and actions already in the IR's terms.
#include <optional>
#include <string>
#include <vector>

#include "GwScript.h"

namespace symseq::graphwalker {

struct Vertex {
  std::string id{};
  std::string name{};  // unique: the vertex's name, or `name#id` when another element shares it, or the id
  std::vector<Update> actions{};  // run on arrival (after the edge's)
  SourceLocation where{};
};

struct Edge {
  std::string id{};
  std::string name{};   // unique, as for vertices: the transition's name
  std::string label{};  // the name as written (the id when none): the input channel, shared by edges of one name
  std::optional<std::size_t> source{};  // index into Model::vertices; none for a start edge without source
  std::size_t target = 0;
  Expr guard{};
  std::vector<Update> actions{};
  SourceLocation where{};
};

struct Model {
  std::string name{};
  Variables variables{};
  Substitution initial{};  // every variable's initial value
  std::vector<Vertex> vertices{};
  std::vector<Edge> edges{};
  // The start element: a vertex (the walk starts there) or an edge (taken first).
  bool startIsEdge{false};
  std::size_t start = 0;
};

}  // namespace symseq::graphwalker
