#include "exec/LibraryServer.h"

#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "exec/JsonText.h"
#include "symseq_adapter.h"

namespace symseq::exec {

namespace {

bool writeAll(int fd, std::string text) {
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Blocking: symseq bounds the wait on its side and kills this process when it is too long.
bool readLine(int fd, std::string& buffer, std::string& line) {
  for (;;) {
    if (const auto nl = buffer.find('\n'); nl != std::string::npos) {
      line = buffer.substr(0, nl);
      buffer.erase(0, nl + 1);
      return true;
    }
    char chunk[4096];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
}

bool isNumberText(const std::string& text) {
  if (text.empty()) return false;
  const std::size_t start = text[0] == '-' ? 1 : 0;
  const std::size_t dot = text.find('.');
  const auto digits = [&](std::size_t from, std::size_t to) {
    return to > from && text.find_first_not_of("0123456789", from) >= to;
  };
  if (dot == std::string::npos) return digits(start, text.size());
  return digits(start, dot) && digits(dot + 1, text.size());
}

std::string valueJson(const symseq_adapter_value& v) {
  switch (v.kind) {
    case SYMSEQ_BOOL: return v.integer != 0 ? "true" : "false";
    case SYMSEQ_INTEGER: return std::to_string(v.integer);
    case SYMSEQ_TEXT: {
      const std::string text = v.text ? v.text : "";
      return isNumberText(text) ? text : jsonQuoted(text);  // decimals and big integers stay numbers
    }
  }
  return "null";
}

std::string errorJson(const std::string& text) { return "{\"error\":" + jsonQuoted(text) + "}"; }

class Server {
 public:
  Server(const symseq_adapter_v1_table& table, std::string name) : t_(table), name_(std::move(name)) {}
  ~Server() {
    if (self_) t_.close(self_);
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The answer to one request line; `quit` is set by the quit request.
  std::string answer(const std::string& line, bool& quit) {
    JsonNode request;
    if (!parseJson(line, request).ok || request.kind != JsonNode::Kind::Object) return errorJson("not a JSON object");
    const JsonNode* op = request.member("op");
    if (!op || op->kind != JsonNode::Kind::String) return errorJson("no \"op\"");
    char error[1024] = "";
    const auto failed = [&] { return errorJson(error[0] ? error : "the adapter failed without saying why"); };
    if (op->text == "hello") {
      const JsonNode* model = request.member("model");
      if (self_) t_.close(self_);
      self_ = t_.open(model ? model->text.c_str() : "", error, sizeof error);
      if (!self_) return failed();
      return "{\"ok\":true,\"name\":" + jsonQuoted(name_) + "}";
    }
    if (op->text == "quit") {
      quit = true;
      return "{\"ok\":true}";
    }
    if (!self_) return errorJson("no session: hello first");
    if (op->text == "reset") return t_.reset(self_, error, sizeof error) == 0 ? "{\"ok\":true}" : failed();
    if (op->text == "input") {
      const JsonNode* channel = request.member("channel");
      const JsonNode* values = request.member("values");
      std::vector<symseq_adapter_value> args;
      if (values)
        for (const JsonNode& v : values->items) {
          symseq_adapter_value a{SYMSEQ_TEXT, 0, v.text.c_str()};
          if (v.kind == JsonNode::Kind::Bool) {
            a = {SYMSEQ_BOOL, v.text == "true" ? 1 : 0, nullptr};
          } else if (v.kind == JsonNode::Kind::Number) {
            errno = 0;
            char* end = nullptr;
            const long long i = std::strtoll(v.text.c_str(), &end, 10);
            if (errno == 0 && end && *end == '\0') a = {SYMSEQ_INTEGER, i, nullptr};
          }
          args.push_back(a);
        }
      return t_.input(self_, channel ? channel->text.c_str() : "", args.data(), args.size(), error, sizeof error) == 0
                 ? "{\"ok\":true}"
                 : failed();
    }
    if (op->text == "observe") {
      const JsonNode* timeout = request.member("timeout_ms");
      const auto ms = static_cast<std::int32_t>(timeout ? std::strtol(timeout->text.c_str(), nullptr, 10) : 0);
      const char* channel = nullptr;
      const symseq_adapter_value* values = nullptr;
      std::size_t count = 0;
      const int r = t_.observe(self_, ms, &channel, &values, &count, error, sizeof error);
      if (r == 0) return "{\"quiescence\":true}";
      if (r != 1) return failed();
      std::string out = "{\"output\":" + jsonQuoted(channel ? channel : "") + ",\"values\":[";
      for (std::size_t k = 0; k < count; ++k) out += (k ? "," : "") + valueJson(values[k]);
      return out + "]}";
    }
    return errorJson("unknown op '" + op->text + "'");
  }

 private:
  const symseq_adapter_v1_table& t_;
  std::string name_;
  void* self_ = nullptr;
};

}  // namespace

int serveLibrary(const std::string& library, int in, int out) {
  // The library's own prints go to stderr, never into the protocol or symseq's stdout.
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  // A crash of the system under test ends this process by its signal, as a process adapter's
  // would: handlers inherited from symseq (a sanitizer's, say) are not the SUT's.
  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(sig, SIG_DFL);
  const auto refuse = [&](const std::string& why) {
    (void)writeAll(out, "{\"refused\":" + jsonQuoted(why) + "}");
    return 0;
  };
  void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    return refuse("cannot load adapter library '" + library + "': " + (why ? why : "unknown reason"));
  }
  using Entry = const symseq_adapter_v1_table* (*)();
  const auto entry = reinterpret_cast<Entry>(::dlsym(handle, "symseq_adapter_v1"));
  if (!entry) return refuse("'" + library + "' is not a symseq adapter: it has no symbol symseq_adapter_v1");
  const symseq_adapter_v1_table* table = entry();
  if (!table) return refuse("'" + library + "': symseq_adapter_v1 returned no table");
  if (table->abi != SYMSEQ_ADAPTER_ABI_VERSION)
    return refuse("'" + library + "' has adapter ABI version " + std::to_string(table->abi) + ", symseq needs " +
                  std::to_string(SYMSEQ_ADAPTER_ABI_VERSION));
  if (!table->open || !table->reset || !table->input || !table->observe || !table->close)
    return refuse("'" + library + "': its symseq_adapter_v1 table lacks a function");
  if (!writeAll(out, "{\"ready\":true}")) return 0;
  std::string name = library.substr(library.find_last_of('/') + 1);
  Server server(*table, std::move(name));
  std::string buffer, line;
  bool quit = false;
  while (!quit && readLine(in, buffer, line))
    if (!writeAll(out, server.answer(line, quit))) break;
  return 0;  // the library stays loaded: unloading it could run code of a broken SUT
}

}  // namespace symseq::exec
