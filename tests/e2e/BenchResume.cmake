# symseq bench is reproducible and robust to being killed:
#  - an uninterrupted bench (A), a bench killed with SIGKILL after its first cell and rerun (K,
#    with a torn last line added before the rerun), and two shards merged (M) give the same
#    report apart from the measured columns (time, memory, date, machine);
#  - symseq-bench run directly is the same bench as symseq bench (one of the shards);
#  - compare says the results are identical; resuming with another matrix is refused; merge
#    refuses mixed provenance unless allowed.
foreach(var SYMSEQ SYMSEQ_BENCH MATRIX OTHER_MATRIX WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(symseq expected_rc)
  execute_process(COMMAND ${SYMSEQ} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "symseq ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(report name)
  symseq(0 bench report ${WORK_DIR}/${name}.jsonl --out-dir ${WORK_DIR}/${name}-report --no-measured)
endfunction()

function(expect_same_report a b)
  foreach(f report.md summary.csv cells.csv length.svg)
    file(READ ${WORK_DIR}/${a}-report/${f} ta)
    file(READ ${WORK_DIR}/${b}-report/${f} tb)
    if(NOT ta STREQUAL tb)
      message(FATAL_ERROR "${f} of ${a} and ${b} differ:\n--- ${a}\n${ta}\n--- ${b}\n${tb}")
    endif()
  endforeach()
endfunction()

# A: uninterrupted.
symseq(0 bench ${MATRIX} --out ${WORK_DIR}/A.jsonl)
report(A)

# K: killed once the provenance line and one cell are in, then a torn line, then rerun.
execute_process(COMMAND sh -c "\"$0\" bench \"$1\" --out \"$2\" 2>/dev/null & pid=$!
  i=0
  until [ \"$(cat \"$2\" 2>/dev/null | wc -l)\" -ge 2 ] || [ $i -ge 6000 ]; do sleep 0.01; i=$((i+1)); done
  kill -KILL $pid; wait $pid; exit 0" ${SYMSEQ} ${MATRIX} ${WORK_DIR}/K.jsonl RESULT_VARIABLE rc)
file(STRINGS ${WORK_DIR}/K.jsonl killed)
list(LENGTH killed before)
message(STATUS "killed after ${before} lines (provenance and cells)")
file(APPEND ${WORK_DIR}/K.jsonl "{\"type\":\"cell\",\"index\":0,\"id\":\"gm/solver.na")
symseq(0 bench ${MATRIX} --out ${WORK_DIR}/K.jsonl)
math(EXPR kept "${before} - 1")
if(NOT out MATCHES "${kept} already done")
  message(FATAL_ERROR "the rerun did not keep the ${kept} finished cells:\n${out}")
endif()
report(K)
expect_same_report(A K)

# M: two shards, merged.
symseq(0 bench ${MATRIX} --shard 1/2 --out ${WORK_DIR}/S1.jsonl)
execute_process(COMMAND ${SYMSEQ_BENCH} run ${MATRIX} --shard 2/2 --out ${WORK_DIR}/S2.jsonl
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "symseq-bench run ${MATRIX} --shard 2/2: exit ${rc}\n${out}\n${err}")
endif()
symseq(0 bench merge ${WORK_DIR}/S1.jsonl ${WORK_DIR}/S2.jsonl --out ${WORK_DIR}/M.jsonl)
report(M)
expect_same_report(A M)

symseq(0 bench compare ${WORK_DIR}/A.jsonl ${WORK_DIR}/K.jsonl)
if(NOT out MATCHES "0 configurations whose results \\(not times\\) differ")
  message(FATAL_ERROR "compare found differences between two runs of one matrix:\n${out}")
endif()

# Another matrix: resuming A with it is refused, and so is merging it, unless told otherwise.
symseq(2 bench ${OTHER_MATRIX} --out ${WORK_DIR}/A.jsonl)
if(NOT err MATCHES "A.jsonl' was made with another matrix, build or machine \\(differs in: matrix, files\\)")
  message(FATAL_ERROR "resuming with another matrix was not refused as expected:\n${err}")
endif()
symseq(0 bench ${OTHER_MATRIX} --shard 1/100 --out ${WORK_DIR}/O.jsonl)
symseq(2 bench merge ${WORK_DIR}/A.jsonl ${WORK_DIR}/O.jsonl --out ${WORK_DIR}/mixed.jsonl)
if(NOT err MATCHES "another provenance .*differs in: matrix, files.*--allow-mixed" OR EXISTS ${WORK_DIR}/mixed.jsonl)
  message(FATAL_ERROR "merge did not refuse mixed provenance cleanly:\n${err}")
endif()
symseq(0 bench merge ${WORK_DIR}/A.jsonl ${WORK_DIR}/O.jsonl --out ${WORK_DIR}/mixed.jsonl --allow-mixed)
message(STATUS "bench: killed and resumed, sharded and merged, all equal an uninterrupted run but for times")
