# A whole run on the test plugins: the results are written, replay decides coverage, a sequence
# that does not replay is refused (exit 1), and two runs give the same result.json but for times.
foreach(var SYMSEQ RUN_FILE PLUGIN_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
# Only the good test plugins: the test-plugin directory also holds the deliberately broken ones.
file(COPY ${PLUGIN_DIR}/test-stub-frontend.so ${PLUGIN_DIR}/test-stub-strategy.so DESTINATION ${WORK_DIR}/plugins)

function(run_symseq out_dir expected_rc)
  execute_process(COMMAND ${SYMSEQ} run ${RUN_FILE} --plugin-dir ${WORK_DIR}/plugins --set output.dir=${out_dir} ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  foreach(f result.json result.txt model.dot effective-run.toml)
    if(NOT EXISTS ${out_dir}/${f})
      message(FATAL_ERROR "${f} was not written to ${out_dir}")
    endif()
  endforeach()
endfunction()

function(expect file regex)
  file(READ ${file} text)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${file} does not match '${regex}':\n${text}")
  endif()
endfunction()

# Without the timing fields, for comparing two runs.
function(untimed file var)
  file(READ ${file} text)
  string(REGEX REPLACE "\"(solver_time_s|total_time_s)\": [0-9.eE+-]+" "\"\\1\": 0" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

run_symseq(${WORK_DIR}/a 0)
expect(${WORK_DIR}/a/result.json "\"name\": \"go\",[ \n]*\"covered\": true")
expect(${WORK_DIR}/a/result.json "\"replayed\": true")
expect(${WORK_DIR}/a/result.json "\"steps\": \\[[ \n]*{[ \n]*\"x\": 1")
expect(${WORK_DIR}/a/result.txt "targets: 2 of 2 covered, confirmed by replay")
expect(${WORK_DIR}/a/model.dot "n0 -> n1 \\[label=\"go \\[x > 0\\]\", color=darkgreen, penwidth=2.5\\]")

run_symseq(${WORK_DIR}/b 0)
untimed(${WORK_DIR}/a/result.json a)
untimed(${WORK_DIR}/b/result.json b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "two runs of the same run file differ beyond timing fields")
endif()

run_symseq(${WORK_DIR}/lie 1 --set strategy.lie=true)
expect(${WORK_DIR}/lie/result.json "\"replayed\": false")
expect(${WORK_DIR}/lie/result.json "\"name\": \"go\",[ \n]*\"covered\": false,[ \n]*\"reason\": \"budget-exhausted\"")
expect(${WORK_DIR}/lie/result.json "sequence 1: step 1: no input transition is enabled at 'idle' with the step's values")
expect(${WORK_DIR}/lie/result.json "\"sequences\": \\[\\]")
message(STATUS "pipeline: results written, coverage from replay, a false sequence refused, runs deterministic")
