#include "harness/Symseq.h"

#include <charconv>

#include "harness/Process.h"

namespace symseq::bench {

namespace fs = std::filesystem;

namespace {

constexpr int kBadInput = 2;  // symseq's exit code for a bad run file, option or plugin
constexpr std::string_view kPrefix = "symseq: ";  // main.cpp's, before every error it reports

// Where symseq's message starts (after the prefix of the first line that has it), if anywhere.
std::optional<std::size_t> messageStart(std::string_view err) {
  if (err.starts_with(kPrefix)) return kPrefix.size();
  const auto at = err.find("\n" + std::string(kPrefix));
  if (at == std::string_view::npos) return std::nullopt;
  return at + 1 + kPrefix.size();
}

// Bad input that symseq reported (exit 2 and its message), as opposed to a usage error CLI11
// printed (also exit 2): a symseq that does not know a flag the bench needs is no bad input.
bool reportedBadInput(const ProcessOutput& p) { return p.exitCode == kBadInput && messageStart(p.err); }

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return "";
  return std::string(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

std::optional<std::uint32_t> number(std::string_view s) {
  std::uint32_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return n;
}

// "file:line:col" (the file may hold colons), or a bare file name.
SourceLocation parseLocation(std::string_view text) {
  const auto colon2 = text.rfind(':');
  const auto colon1 =
      colon2 == std::string_view::npos || colon2 == 0 ? std::string_view::npos : text.rfind(':', colon2 - 1);
  if (colon1 != std::string_view::npos) {
    const auto line = number(text.substr(colon1 + 1, colon2 - colon1 - 1));
    const auto column = number(text.substr(colon2 + 1));
    if (line && column) return SourceLocation{std::string(text.substr(0, colon1)), *line, *column};
  }
  return SourceLocation{std::string(text), 0, 0};
}

std::string commandText(const std::vector<std::string>& args) {
  std::string text = "symseq";
  for (std::size_t i = 1; i < args.size(); ++i) text += " " + args[i];
  return text;
}

// symseq's reason for a failure that is not bad input: a crash, an internal error.
Error failure(const std::vector<std::string>& args, const ProcessOutput& p) {
  const std::string how =
      p.exitCode ? "exited " + std::to_string(*p.exitCode) : "was killed by signal " + std::to_string(p.signal);
  std::string err = trimmed(p.err);
  if (err.size() > 2000) err = "..." + err.substr(err.size() - 2000);
  return Error("'" + commandText(args) + "' " + how + (err.empty() ? "" : ": " + err), std::nullopt,
               "check that this symseq runs: " + args[0]);
}

nlohmann::ordered_json readJson(const SymseqCommand& symseq, std::vector<std::string> args, bool withPlugins) {
  args.insert(args.begin(), symseq.executable.string());
  if (withPlugins) args.insert(args.end(), symseq.pluginArguments.begin(), symseq.pluginArguments.end());
  const ProcessOutput p = runProcess(args);
  if (reportedBadInput(p)) throw parseSymseqError(p.err);  // e.g. a --plugin-dir that does not exist
  if (p.exitCode != 0) throw failure(args, p);
  try {
    return nlohmann::ordered_json::parse(p.out);
  } catch (const nlohmann::json::exception& e) {
    throw Error("'" + commandText(args) + "' printed no JSON: " + e.what(), std::nullopt,
                "symseq-bench needs the symseq it was built with, next to it");
  }
}

}  // namespace

fs::path symseqNextToThisProgram() { return fs::read_symlink("/proc/self/exe").parent_path() / "symseq"; }

Error parseSymseqError(const std::string& standardError) {
  const auto from = messageStart(standardError);
  if (!from) return Error(trimmed(standardError));
  std::string_view text(standardError);
  text.remove_prefix(*from);
  std::optional<SourceLocation> where;
  if (text.rfind("error: ", 0) != 0) {
    const auto at = text.find(": error: ");
    if (at == std::string_view::npos) return Error(trimmed(text));
    where = parseLocation(text.substr(0, at));
    text.remove_prefix(at + 2);
  }
  text.remove_prefix(7);  // "error: "
  const auto hintAt = text.find("\n  hint: ");
  if (hintAt == std::string_view::npos) return Error(trimmed(text), where);
  return Error(trimmed(text.substr(0, hintAt)), where, trimmed(text.substr(hintAt + 9)));
}

nlohmann::ordered_json symseqVersion(const SymseqCommand& symseq) { return readJson(symseq, {"version", "--json"}, false); }

nlohmann::ordered_json symseqPlugins(const SymseqCommand& symseq) { return readJson(symseq, {"plugins", "--json"}, true); }

std::optional<Error> checkRun(const SymseqCommand& symseq, const fs::path& runFile,
                              const std::vector<std::string>& overrides) {
  std::vector<std::string> args{symseq.executable.string(), "run", runFile.string()};
  for (const std::string& o : overrides) args.insert(args.end(), {"--set", o});
  args.push_back("--check");
  args.insert(args.end(), symseq.pluginArguments.begin(), symseq.pluginArguments.end());
  const ProcessOutput p = runProcess(args);
  if (p.exitCode == 0) return std::nullopt;
  if (reportedBadInput(p)) return parseSymseqError(p.err);
  throw failure(args, p);
}

}  // namespace symseq::bench
