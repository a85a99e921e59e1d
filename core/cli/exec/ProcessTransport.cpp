// The process transport: the adapter is a program symseq starts, with the protocol on its stdin
// and stdout; its stderr is symseq's (what it says there reaches the user).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "exec/ChildTransport.h"

namespace symseq::exec {

namespace {

// The command's words when it needs no shell: only characters no shell treats specially.
std::optional<std::vector<std::string>> plainWords(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : command) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
      continue;
    }
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       std::string_view("_./=:,@%+-").find(c) != std::string_view::npos;
    if (!plain) return std::nullopt;
    word += c;
  }
  if (!word.empty()) words.push_back(std::move(word));
  if (words.empty() || words.front().find('=') != std::string::npos) return std::nullopt;  // VAR=x cmd: the shell's
  return words;
}

int runCommand(const std::string& command, int in, int out) {
  if (::dup2(in, STDIN_FILENO) < 0 || ::dup2(out, STDOUT_FILENO) < 0) return 126;
  if (in != STDIN_FILENO) ::close(in);
  if (out != STDOUT_FILENO) ::close(out);
  if (const auto words = plainWords(command)) {
    std::vector<char*> argv;
    for (const std::string& w : *words) argv.push_back(const_cast<char*>(w.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    std::fprintf(stderr, "symseq: cannot run adapter '%s': %s\n", argv[0], std::strerror(errno));
    return errno == ENOENT ? 127 : 126;
  }
  ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
  std::fprintf(stderr, "symseq: cannot run /bin/sh: %s\n", std::strerror(errno));
  return 127;
}

}  // namespace

std::unique_ptr<Transport> processTransport(std::string command) {
  const std::string description = "process '" + command + "'";
  return std::make_unique<ChildTransport>(
      [command = std::move(command)](int in, int out) { return runCommand(command, in, out); }, description);
}

}  // namespace symseq::exec
