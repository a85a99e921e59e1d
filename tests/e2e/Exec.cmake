# `symseq exec` end to end (docs/exec.md): the shipped vending machine's generated suite
# (configs/vending.toml) run through the mock adapters of tests/data/adapters, as a process and as
# a shared library: exit 0 for the correct system, 1 for a wrong output (exec.json naming the
# step, expected and observed outputs), for a crash (SIGSEGV) and for garbage (error); the JUnit
# XML of each validates against tests/data/junit.xsd (xmllint); a library without entry point is
# refused with exit 2 and nothing written; -o writes elsewhere; a broken result.json is located.
# Registered in CMakeLists.txt as:
#   add_test(NAME e2e.exec COMMAND ${CMAKE_COMMAND} -DSYMSEQ=$<TARGET_FILE:symseq>
#     -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DADAPTER_LIBS=${CMAKE_BINARY_DIR}/test-adapters
#     -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/exec -P ${CMAKE_CURRENT_SOURCE_DIR}/Exec.cmake)
foreach(var SYMSEQ SOURCE_DIR ADAPTER_LIBS WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
set(result ${WORK_DIR}/vending)
execute_process(COMMAND ${SYMSEQ} run ${SOURCE_DIR}/configs/vending.toml --set "output.dir=\"${result}\""
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "symseq run: exit ${rc}\n${out}\n${err}")
endif()
set(mock "/usr/bin/python3 ${SOURCE_DIR}/tests/data/adapters/vending.py")

# Runs `symseq exec` on the vending result writing into WORK_DIR/<name>; checks the exit code, the
# printed summary (a regular expression), each test's verdict in exec.json (a list) and that the
# JUnit report validates.
function(check_exec name exit printed verdicts)
  set(out_dir ${WORK_DIR}/${name})
  execute_process(COMMAND ${SYMSEQ} exec ${result} ${ARGN} -o ${out_dir} --junit ${WORK_DIR}/${name}.xml
                          --adapter-timeout-ms 500
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL exit)
    message(FATAL_ERROR "${name}: exit ${rc}, expected ${exit}\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "${printed}")
    message(FATAL_ERROR "${name}: the output does not match '${printed}':\n${out}\n${err}")
  endif()
  file(READ ${out_dir}/exec.json json)
  string(JSON count LENGTH "${json}" tests)
  math(EXPR last "${count} - 1")
  set(got "")
  foreach(i RANGE ${last})
    string(JSON v GET "${json}" tests ${i} verdict)
    list(APPEND got ${v})
  endforeach()
  if(NOT "${got}" STREQUAL "${verdicts}")
    message(FATAL_ERROR "${name}: verdicts '${got}', expected '${verdicts}'\n${json}")
  endif()
  string(JSON complete GET "${json}" complete)
  if(NOT complete STREQUAL "ON" AND NOT complete STREQUAL "true")
    message(FATAL_ERROR "${name}: exec.json is not marked complete\n${json}")
  endif()
  string(JSON code GET "${json}" exit_code)
  if(NOT code EQUAL exit)
    message(FATAL_ERROR "${name}: exec.json's exit_code is ${code}, expected ${exit}")
  endif()
  execute_process(COMMAND xmllint --noout --schema ${SOURCE_DIR}/tests/data/junit.xsd ${WORK_DIR}/${name}.xml
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: the JUnit report does not validate:\n${err}")
  endif()
  set(last_json "${json}" PARENT_SCOPE)
  message(STATUS "${name}: ${got}, exit ${exit}")
endfunction()

check_exec(correct 0 "3 test\\(s\\) of vending through process [^\n]*: 3 pass, 0 fail, 0 error, 0 inconclusive\n"
  "pass;pass;pass" --adapter "${mock} correct")
check_exec(correct-lib 0 ": 3 pass, 0 fail" "pass;pass;pass" --adapter-lib ${ADAPTER_LIBS}/symseq-test-adapter-ok.so)
check_exec(wrong 1 "sequence 3: fail at step 2 \\(event 3\\): unexpected output: the model cannot emit it here; expected deliver!\\(tea\\), observed deliver!\\(coffee\\)\n"
  "pass;pass;fail" --adapter "${mock} wrong")
string(JSON step GET "${last_json}" tests 2 failing_step step)
string(JSON expected GET "${last_json}" tests 2 failing_step expected)
string(JSON observed GET "${last_json}" tests 2 failing_step observed)
if(NOT step EQUAL 2 OR NOT expected STREQUAL "deliver!(tea)" OR NOT observed STREQUAL "deliver!(coffee)")
  message(FATAL_ERROR "wrong: failing_step is ${step}, ${expected}, ${observed}")
endif()
file(READ ${WORK_DIR}/wrong.xml xml)
if(NOT xml MATCHES "<failure message=\"step 2: unexpected output[^\"]*expected deliver!\\(tea\\), observed deliver!\\(coffee\\)\" type=\"deviation\">")
  message(FATAL_ERROR "wrong: the JUnit report has no failure naming step 2:\n${xml}")
endif()
check_exec(crash-lib 1 "sequence 1: fail at step 2 \\(event 2\\): killed by signal 11 \\(SIGSEGV\\)"
  "fail;fail;fail" --adapter-lib ${ADAPTER_LIBS}/symseq-test-adapter-crash.so)
check_exec(garbage 1 "sequence 1: error at step 2 \\(event 3\\): protocol: the answer is not a JSON object"
  "error;error;error" --adapter "${mock} garbage")
check_exec(unplanned 0 "sequence 3: inconclusive" "pass;pass;inconclusive" --adapter "${mock} unplanned")

# Without -o, exec.json and exec.txt go into the result folder.
execute_process(COMMAND ${SYMSEQ} exec ${result} --adapter "${mock} correct" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${result}/exec.json OR NOT EXISTS ${result}/exec.txt)
  message(FATAL_ERROR "exec into the result folder: exit ${rc}\n${out}\n${err}")
endif()

# A library without symseq_adapter_v1: exit 2, a message naming it, nothing written.
execute_process(COMMAND ${SYMSEQ} exec ${result} --adapter-lib ${ADAPTER_LIBS}/symseq-test-adapter-noentry.so -o ${WORK_DIR}/noentry
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "symseq-test-adapter-noentry.so' is not a symseq adapter: it has no symbol symseq_adapter_v1"
   OR EXISTS ${WORK_DIR}/noentry)
  message(FATAL_ERROR "noentry: exit ${rc}\n${out}\n${err}")
endif()
message(STATUS "noentry: refused, exit 2")

# Determinism: two runs of the same inputs write the same exec.json apart from the timing fields.
foreach(run a b)
  execute_process(COMMAND ${SYMSEQ} exec ${result} --adapter "${mock} wrong" -o ${WORK_DIR}/det-${run}
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  file(READ ${WORK_DIR}/det-${run}/exec.json json_${run})
  string(REGEX REPLACE "\"time_s\": [0-9.e+-]+" "\"time_s\": T" json_${run} "${json_${run}}")
endforeach()
if(NOT json_a STREQUAL json_b)
  message(FATAL_ERROR "exec.json differs between two runs of the same inputs:\n${json_a}\n---\n${json_b}")
endif()
message(STATUS "determinism: exec.json identical apart from time_s")
