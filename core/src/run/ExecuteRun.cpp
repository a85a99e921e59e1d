#include "symseq/run/ExecuteRun.h"

#include <fstream>
#include <optional>
#include <system_error>

#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/run/EffectiveConfig.h"
#include "symseq/solver/SmtLibLog.h"

namespace symseq {

namespace {

void prepareOutputDir(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw Error("cannot create output directory '" + dir.string() + "': " +
                    (ec ? ec.message() : std::string("a file of that name exists")),
                std::nullopt, "set [output] dir to a writable directory");
}

// The log file of a run: <name>.partial while the run goes, <name> once it has ended well.
class SmtLibLogFile {
 public:
  explicit SmtLibLogFile(std::filesystem::path path) : path_(std::move(path)), partial_(path_.string() + ".partial") {
    out_.open(partial_, std::ios::binary | std::ios::trunc);
    if (!out_) throw Error("cannot write the SMT-LIB2 log '" + partial_.string() + "'", std::nullopt,
                           "set [output] dir to a writable directory");
  }
  SmtLibLogFile(const SmtLibLogFile&) = delete;
  SmtLibLogFile& operator=(const SmtLibLogFile&) = delete;
  ~SmtLibLogFile() {
    out_.close();
    std::error_code ec;
    if (complete_)
      std::filesystem::rename(partial_, path_, ec);
    else
      std::filesystem::remove(partial_, ec);
  }
  std::ostream& stream() { return out_; }
  void complete() { complete_ = static_cast<bool>(out_.flush()); }

 private:
  std::filesystem::path path_;
  std::filesystem::path partial_;
  std::ofstream out_;
  bool complete_ = false;
};

}  // namespace

void executeRun(const RunConfig& config, Registry& registry) {
  // Declared first so that they outlive the solver and everything else bound to them.
  ExprContext ctx;
  std::optional<SmtLibLogFile> log;

  // Plugins first: a factory that rejects an option fails the run before anything is written.
  auto frontend = registry.makeFrontend(config.model.frontend.name, config.model.frontend.options);
  auto strategy = registry.makeStrategy(config.strategy.name, config.strategy.options);
  std::vector<PluginPtr<Heuristic>> heuristics;
  for (const auto& h : config.heuristics) heuristics.push_back(registry.makeHeuristic(h.name, h.options));
  PluginPtr<Solver> solver = registry.makeSolver(config.solver.plugin.name, ctx, config.solver.plugin.options);
  solver->setQueryTimeLimit(config.solver.queryTimeout);

  prepareOutputDir(config.output.dir);
  writeEffectiveConfig(config, registry);

  // The SMT-LIB2 log is written under a temporary name and renamed only when the run ends well,
  // so a failed run leaves no half-written log behind.
  if (!config.solver.logSmt2.empty()) {
    log.emplace(config.output.dir / config.solver.logSmt2);
    solver = makePluginPtr<SmtLibLog>(std::move(solver), log->stream());
  }

  // TODO(next steps): load the model (frontend->load(config.model.file, ctx)), map target names
  // to transitions, strategy->generate(job), replay every sequence on the model, write results
  // in config.output.formats, then log->complete() so the SMT-LIB2 log is kept.
  throw Error("test generation is not implemented yet; the configuration is valid and was written to '" +
              (config.output.dir / kEffectiveConfigName).string() + "'");
}

}  // namespace symseq
