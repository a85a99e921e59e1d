#include "GwJson.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace symseq::graphwalker {

SourceText::SourceText(std::string_view text, std::string file) : text_(text), file_(std::move(file)), lines_(text) {}

SourceLocation SourceText::at(std::size_t offset) const { return lines_.at(offset, file_); }

const JsonValue* JsonValue::member(std::string_view key) const {
  const JsonValue* found = nullptr;
  for (const auto& [k, v] : members)
    if (k == key) found = &v;
  return found;
}

std::string kindName(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::Object: return "an object";
    case JsonValue::Kind::Array: return "an array";
    case JsonValue::Kind::String: return "a string";
    case JsonValue::Kind::Number: return "a number";
    case JsonValue::Kind::Bool: return "a boolean";
    case JsonValue::Kind::Null: return "null";
  }
  return "a value";
}

namespace {

void appendUtf8(std::string& out, std::vector<std::size_t>& from, std::uint32_t cp, std::size_t at) {
  const std::size_t before = out.size();
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
  from.insert(from.end(), out.size() - before, at);
}

// Walks text that nlohmann-json has accepted, so it checks nothing.
class Scanner {
 public:
  explicit Scanner(const SourceText& source) : source_(source), s_(source.text()) {
    if (s_.starts_with("\xEF\xBB\xBF")) i_ = 3;
  }

  // Bounds the recursion: nlohmann-json accepts any depth, a stack does not.
  static constexpr int kMaxDepth = 256;

  JsonValue value() {
    if (++depth_ > kMaxDepth)
      throw ParseError("the JSON nests deeper than " + std::to_string(kMaxDepth) + " levels", source_.at(i_),
                       "a GraphWalker model nests a few levels; flatten the data under \"properties\"");
    JsonValue n = valueInner();
    --depth_;
    return n;
  }

  JsonValue valueInner() {
    space();
    JsonValue n;
    n.offset = i_;
    const char c = s_[i_];
    if (c == '{') {
      n.kind = JsonValue::Kind::Object;
      ++i_;
      space();
      if (s_[i_] == '}') {
        ++i_;
        return n;
      }
      for (;;) {
        space();
        n.keyOffsets.push_back(i_);
        JsonValue key = string();
        space();
        ++i_;  // ':'
        n.members.emplace_back(std::move(key.text), value());
        space();
        if (s_[i_++] == '}') return n;  // else ','
      }
    }
    if (c == '[') {
      n.kind = JsonValue::Kind::Array;
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
    if (c == '"') return string();
    const std::size_t start = i_;
    while (i_ < s_.size() && std::string_view(",]} \t\r\n").find(s_[i_]) == std::string_view::npos) ++i_;
    n.text = std::string(s_.substr(start, i_ - start));
    n.kind = n.text == "true" || n.text == "false" ? JsonValue::Kind::Bool
             : n.text == "null"                    ? JsonValue::Kind::Null
                                                   : JsonValue::Kind::Number;
    return n;
  }

 private:
  void space() {
    while (i_ < s_.size() && std::string_view(" \t\r\n").find(s_[i_]) != std::string_view::npos) ++i_;
  }

  std::uint32_t hex4() {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      const char d = s_[i_++];
      v = v * 16 + static_cast<std::uint32_t>(d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10);
    }
    return v;
  }

  JsonValue string() {
    JsonValue n;
    n.kind = JsonValue::Kind::String;
    n.offset = i_;
    ++i_;  // '"'
    while (s_[i_] != '"') {
      const std::size_t at = i_;
      if (s_[i_] != '\\') {
        n.text += s_[i_++];
        n.from.push_back(at);
        continue;
      }
      const char e = s_[i_ + 1];
      i_ += 2;
      char plain = e;  // '"', '\\', '/'
      switch (e) {
        case 'b': plain = '\b'; break;
        case 'f': plain = '\f'; break;
        case 'n': plain = '\n'; break;
        case 'r': plain = '\r'; break;
        case 't': plain = '\t'; break;
        case 'u': {
          std::uint32_t cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {  // a surrogate pair
            i_ += 2;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
          }
          appendUtf8(n.text, n.from, cp, at);
          continue;
        }
        default: break;
      }
      n.text += plain;
      n.from.push_back(at);
    }
    n.from.push_back(i_);  // the closing quote
    ++i_;
    return n;
  }

  const SourceText& source_;
  std::string_view s_;
  std::size_t i_ = 0;
  int depth_ = 0;
};

}  // namespace

JsonValue parseJson(const SourceText& source) {
  try {
    const nlohmann::json valid = nlohmann::json::parse(source.text());  // checks the syntax; the scanner reads it
    (void)valid;
  } catch (const nlohmann::json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    std::string what = e.what();
    if (const auto column = what.find("column "); column != std::string::npos)
      if (const auto colon = what.find(": ", column); colon != std::string::npos) what = what.substr(colon + 2);
    throw ParseError("the model is not valid JSON: " + what, source.at(e.byte == 0 ? 0 : e.byte - 1),
                     "a GraphWalker model is a JSON document {\"models\": [...]} (docs/models/graphwalker.md)");
  }
  return Scanner(source).value();
}

}  // namespace symseq::graphwalker
