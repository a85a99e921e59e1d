#include "exec/JsonText.h"

#include "symseq/support/LineIndex.h"

#include <nlohmann/json.hpp>

namespace symseq::exec {

namespace {

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Walks text that nlohmann-json has accepted, so it checks nothing (the scanner of
// VerdictCommand.cpp, kept here so that exec's readers share one).
class JsonScanner {
 public:
  explicit JsonScanner(std::string_view text) : s_(text) {
    if (s_.starts_with("\xEF\xBB\xBF")) i_ = 3;
  }

  JsonNode value() {
    space();
    JsonNode n;
    n.offset = i_;
    const char c = s_[i_];
    if (c == '{') {
      n.kind = JsonNode::Kind::Object;
      ++i_;
      space();
      if (s_[i_] == '}') {
        ++i_;
        return n;
      }
      for (;;) {
        space();
        n.keyOffsets.push_back(i_);
        std::string key = string();
        space();
        ++i_;  // ':'
        n.members.emplace_back(std::move(key), value());
        space();
        if (s_[i_++] == '}') return n;  // else ','
      }
    }
    if (c == '[') {
      n.kind = JsonNode::Kind::Array;
      ++i_;
      space();
      if (s_[i_] == ']') {
        ++i_;
        return n;
      }
      for (;;) {
        n.items.push_back(value());
        space();
        if (s_[i_++] == ']') return n;  // else ','
      }
    }
    if (c == '"') {
      n.kind = JsonNode::Kind::String;
      n.text = string();
      return n;
    }
    const std::size_t start = i_;
    while (i_ < s_.size() && std::string_view(",]} \t\r\n").find(s_[i_]) == std::string_view::npos) ++i_;
    n.text = std::string(s_.substr(start, i_ - start));
    n.kind = n.text == "true" || n.text == "false" ? JsonNode::Kind::Bool
             : n.text == "null"                    ? JsonNode::Kind::Null
                                                   : JsonNode::Kind::Number;
    return n;
  }

 private:
  void space() {
    while (i_ < s_.size() && std::string_view(" \t\r\n").find(s_[i_]) != std::string_view::npos) ++i_;
  }

  std::uint32_t hex4() {
    const std::uint32_t v = static_cast<std::uint32_t>(std::stoul(std::string(s_.substr(i_, 4)), nullptr, 16));
    i_ += 4;
    return v;
  }

  std::string string() {
    std::string out;
    ++i_;  // '"'
    while (s_[i_] != '"') {
      if (s_[i_] != '\\') {
        out += s_[i_++];
        continue;
      }
      const char e = s_[i_ + 1];
      i_ += 2;
      switch (e) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {  // a surrogate pair
            i_ += 2;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
          }
          appendUtf8(out, cp);
          break;
        }
        default: out += e;  // '"', '\\', '/'
      }
    }
    ++i_;
    return out;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

}  // namespace

const JsonNode* JsonNode::member(std::string_view key) const {
  const JsonNode* found = nullptr;
  for (const auto& [k, v] : members)
    if (k == key) found = &v;
  return found;
}

JsonSyntax parseJson(std::string_view text, JsonNode& root) {
  try {
    const nlohmann::json valid = nlohmann::json::parse(text);  // checks the syntax; the scanner below reads it
    (void)valid;
  } catch (const nlohmann::json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    std::string what = e.what();
    if (const auto column = what.find("column "); column != std::string::npos)
      if (const auto colon = what.find(": ", column); colon != std::string::npos) what = what.substr(colon + 2);
    return {false, what, e.byte == 0 ? 0 : e.byte - 1};
  }
  root = JsonScanner(text).value();
  return {};
}

SourceLocation locate(std::string_view text, std::size_t offset, const std::string& file) {
  return LineIndex(text).at(offset, file);
}

std::string jsonQuoted(std::string_view text) { return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

}  // namespace symseq::exec
