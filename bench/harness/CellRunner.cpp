#include "harness/CellRunner.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

#include "harness/Error.h"
#include "harness/TomlString.h"

namespace symseq::bench {

namespace fs = std::filesystem;

std::string toString(CellStatus s) {
  switch (s) {
    case CellStatus::Ok: return "ok";
    case CellStatus::Error: return "error";
    case CellStatus::Crashed: return "crashed";
    case CellStatus::Timeout: return "timeout";
    case CellStatus::OutOfMemory: return "out-of-memory";
  }
  return "error";
}

std::optional<CellStatus> cellStatusFromString(std::string_view s) {
  for (CellStatus c : kAllStatuses)
    if (toString(c) == s) return c;
  return std::nullopt;
}

namespace {

// A fresh scratch folder per cell, removed whatever happens.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "symseq-cell-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw Error("cannot create a scratch folder under " + fs::temp_directory_path().string());
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string readText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Resident memory of a live process in kB, 0 once it has exited.
std::uint64_t residentKilobytes(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6));
  return 0;
}

std::string trimmed(std::string s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The child's error: from its first "symseq: " line (main.cpp's format) to the end, else the
// last lines; capped, since a message is for reading, not for archiving a log.
std::string errorMessage(const std::string& err) {
  std::size_t from = err.rfind("symseq: ", 0) == 0 ? 0 : err.find("\nsymseq: ");
  if (from != 0 && from != std::string::npos) ++from;
  std::string msg = from == std::string::npos ? err.substr(err.size() > 600 ? err.size() - 600 : 0) : err.substr(from + 8);
  msg = trimmed(msg);
  if (msg.size() > 1000) msg = msg.substr(0, 1000) + " ...";
  return msg.empty() ? "no message on standard error" : msg;
}

// The first line of a sanitizer report, without what differs from run to run (the "==pid=="
// prefix, addresses), so two benches record the same message.
std::string sanitizerReport(const std::string& err) {
  for (const char* marker : {"ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:"}) {
    const auto at = err.find(marker);
    if (at != std::string::npos) {
      const auto lineStart = err.rfind('\n', at);
      const auto begin = lineStart == std::string::npos ? 0 : lineStart + 1;
      std::string line = trimmed(err.substr(begin, err.find('\n', at) - begin));
      line = std::regex_replace(line, std::regex("^==[0-9]+=="), "");
      return std::regex_replace(line, std::regex("0x[0-9a-fA-F]+"), "0x...");
    }
  }
  return "";
}

// The cell's scratch folder appears in some messages; its name is random, so it is replaced.
std::string withoutScratch(std::string message, const std::string& scratch) {
  for (std::size_t at = message.find(scratch); at != std::string::npos; at = message.find(scratch, at))
    message.replace(at, scratch.size(), "<cell folder>");
  return message;
}

int openOrThrow(const fs::path& file, int flags) {
  const int fd = ::open(file.c_str(), flags | O_CLOEXEC, 0644);
  if (fd < 0) throw Error("cannot open '" + file.string() + "': " + std::strerror(errno));
  return fd;
}

enum class Kill { None, Time, Memory };

}  // namespace

std::vector<std::string> cellArguments(const Cell& cell, const SymseqCommand& symseq, const fs::path& outputDir) {
  std::vector<std::string> args{symseq.executable.string(), "run", cell.runFile.string()};
  for (const std::string& o : cell.overrides) {
    args.push_back("--set");
    args.push_back(o);
  }
  // Last, so they win over the matrix: results into the scratch folder, result.json only.
  args.insert(args.end(), {"--set", "output.dir=" + tomlString(outputDir.string()), "--set", "output.formats=[\"json\"]"});
  args.insert(args.end(), symseq.pluginArguments.begin(), symseq.pluginArguments.end());
  return args;
}

CellOutcome runCell(const Cell& cell, const SymseqCommand& symseq, const CellLimits& limits) {
  const ScratchDir scratch;
  const fs::path outDir = scratch.path() / "out";
  const std::vector<std::string> args = cellArguments(cell, symseq, outDir);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const int errFd = openOrThrow(scratch.path() / "stderr.txt", O_WRONLY | O_CREAT | O_TRUNC);
  const int nullFd = openOrThrow("/dev/null", O_WRONLY);
  const pid_t parent = getpid();

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    ::close(errFd);
    ::close(nullFd);
    throw Error(std::string("cannot start a cell: fork failed: ") + std::strerror(errno));
  }
  if (pid == 0) {
    // Only async-signal-safe calls until exec. Its own process group, so a kill takes whatever
    // it started; and it dies with the bench, so a killed bench leaves no cell running.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    dup2(nullFd, STDOUT_FILENO);
    dup2(errFd, STDERR_FILENO);
    execv(argv[0], argv.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also from here: whichever runs first, the group exists before a kill
  ::close(errFd);
  ::close(nullFd);

  // A pidfd wakes the loop the moment the child exits; polling in between enforces the limits.
  const int pidFd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  const auto deadline = start + std::chrono::duration<double>(limits.timeSeconds);
  const std::uint64_t memoryLimitKb = limits.memoryMegabytes * 1024;
  std::uint64_t polledPeakKb = 0;
  Kill kill = Kill::None;
  int status = 0;
  rusage usage{};
  while (true) {
    const pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) throw Error(std::string("waiting for a cell failed: ") + std::strerror(errno));
    if (kill == Kill::None) {
      const std::uint64_t rss = residentKilobytes(pid);
      polledPeakKb = std::max(polledPeakKb, rss);
      if (rss > memoryLimitKb) kill = Kill::Memory;
      else if (std::chrono::steady_clock::now() >= deadline) kill = Kill::Time;
      if (kill != Kill::None) ::kill(-pid, SIGKILL);
    }
    if (pidFd >= 0) {
      pollfd p{pidFd, POLLIN, 0};
      (void)poll(&p, 1, 10);
    } else {
      usleep(2000);
    }
  }
  if (pidFd >= 0) ::close(pidFd);
  if (kill != Kill::None) ::kill(-pid, SIGKILL);  // anything the cell left in its group

  CellOutcome out;
  out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.peakKilobytes = std::max<std::uint64_t>(static_cast<std::uint64_t>(usage.ru_maxrss), polledPeakKb);
  const std::string err = readText(scratch.path() / "stderr.txt");
  if (fs::exists(outDir / "result.json")) {
    try {
      out.result = nlohmann::json::parse(readText(outDir / "result.json"));
    } catch (const nlohmann::json::exception&) {
      out.result.reset();  // written whole or not at all, so this is a foreign file; say nothing of it
    }
  }
  std::ostringstream limit;
  if (kill == Kill::Time) {
    limit << "exceeded the time limit of " << limits.timeSeconds << " s";
    out.status = CellStatus::Timeout;
    out.message = limit.str();
  } else if (kill == Kill::Memory) {
    limit << "exceeded the memory limit of " << limits.memoryMegabytes << " MB";
    out.status = CellStatus::OutOfMemory;
    out.message = limit.str();
  } else if (WIFSIGNALED(status)) {
    out.status = CellStatus::Crashed;
    out.message = "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  } else {
    out.exitCode = WEXITSTATUS(status);
    const std::string report = sanitizerReport(err);
    if (!report.empty()) {
      out.status = CellStatus::Crashed;
      out.message = report;
    } else if (*out.exitCode == 0 && out.result) {
      out.status = CellStatus::Ok;
    } else if (err.find("std::bad_alloc") != std::string::npos) {
      out.status = CellStatus::OutOfMemory;
      out.message = errorMessage(err);
    } else {
      out.status = CellStatus::Error;
      if (*out.exitCode == 0)
        out.message = "exit 0 but no result.json";
      else if (*out.exitCode == 1 && out.result && !out.result->value("replayed", true))
        out.message = "a proposed sequence did not replay (exit 1; result.json says why)";
      else
        out.message = errorMessage(err);
    }
  }
  out.message = withoutScratch(out.message, scratch.path().string());
  return out;
}

}  // namespace symseq::bench
