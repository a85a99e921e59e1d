# The committed results reproduce: reruns configs/bench/reproduce.toml into a fresh results file
# and has `symseq bench compare` check it against the committed reproduce.jsonl. compare exits 1
# when any configuration differs in a field other than the times and memory (coverage, lengths,
# queries, statuses, statistics) or is on one side only; this test then fails, naming them.
# After an intended change: scripts/regenerate-results (configs/bench/README.md).
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ MATRIX COMMITTED WORK_DIR)
fresh_dir(${WORK_DIR})
run(${SYMSEQ} bench ${MATRIX} --out ${WORK_DIR}/rerun.jsonl)

execute_process(COMMAND ${SYMSEQ} bench compare ${COMMITTED} ${WORK_DIR}/rerun.jsonl
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the rerun of ${MATRIX} does not reproduce ${COMMITTED} (compare exit ${rc}):\n${err}\n${out}\n"
                      "If the change is intended, regenerate the committed results with scripts/regenerate-results.")
endif()
message(STATUS "${COMMITTED} reproduced:\n${out}")
