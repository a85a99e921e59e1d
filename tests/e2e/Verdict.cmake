# `symseq verdict` end to end (docs/verdicts.md): on the shipped vending machine (configs/vending.toml,
# the contract C_r) a PASS, an INCONC and a FAIL, and on a small model with a choice the tester
# cannot see (verdict/answering.iosts) a WeakPASS; each with its exit code (1 for FAIL only), its
# printed explaining path, and verdict.json's verdict and original transitions.
# Registered in CMakeLists.txt as:
#   add_test(NAME e2e.verdict COMMAND ${CMAKE_COMMAND} -DSYMSEQ=$<TARGET_FILE:symseq>
#     -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DCASE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/verdict
#     -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/verdict -P ${CMAKE_CURRENT_SOURCE_DIR}/Verdict.cmake)
foreach(var SYMSEQ SOURCE_DIR CASE_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})

# Runs `symseq verdict`; checks the exit code, that the output matches `printed` (a regular
# expression), and the verdict and path's transitions in verdict.json.
function(check_verdict name run_file purpose trace exit verdict transitions printed)
  set(out_dir ${WORK_DIR}/${name})
  execute_process(COMMAND ${SYMSEQ} verdict ${run_file} --purpose ${purpose} --trace ${trace}
                          --set "output.dir=\"${out_dir}\""
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL exit)
    message(FATAL_ERROR "${name}: exit ${rc}, expected ${exit}\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "${printed}")
    message(FATAL_ERROR "${name}: the output does not match '${printed}':\n${out}\n${err}")
  endif()
  file(READ ${out_dir}/verdict.json json)
  string(JSON got GET "${json}" verdict)
  if(NOT got STREQUAL verdict)
    message(FATAL_ERROR "${name}: verdict.json says ${got}, expected ${verdict}\n${json}")
  endif()
  string(JSON count LENGTH "${json}" path transitions)
  set(names "")
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON t GET "${json}" path transitions ${i})
      list(APPEND names ${t})
    endforeach()
  endif()
  if(NOT "${names}" STREQUAL "${transitions}")
    message(FATAL_ERROR "${name}: verdict.json's path is '${names}', expected '${transitions}'\n${json}")
  endif()
  message(STATUS "${name}: ${verdict}, exit ${rc}")
endfunction()

set(vending ${SOURCE_DIR}/configs/vending.toml)
set(purpose ${CASE_DIR}/vending-purpose.txt)
# Coffee costs exactly 200 under C_r (in [200, 300] and in [150, 200]): 100 gets "Add".
check_verdict(vending-pass ${vending} ${purpose} ${CASE_DIR}/vending-pass.json 0 PASS
  "init;coin;choose;price#coffee;add"
  "^PASS: [^\n]*purpose path 2 \\([^\n]*vending-purpose.txt:3\\)[^\n]*\n  1  coin\\?\\(100\\) +init coin\n  2  choice\\?\\(coffee\\) +choose\n  3  screen!\\(Add\\) +price#coffee add\n")
# 250 buys the coffee: the model allows it, the purpose is about asking for more.
check_verdict(vending-inconc ${vending} ${purpose} ${CASE_DIR}/vending-inconc.json 0 INCONC
  "init;coin;choose;price#coffee;serve" "^INCONC: ")
# 100 does not buy the coffee: the delivery leaves the model at event 3.
check_verdict(vending-fail ${vending} ${purpose} ${CASE_DIR}/vending-fail.json 1 FAIL
  "init;coin;choose" "^FAIL: event 3 \\(deliver!\\(coffee\\), [^\n]*vending-fail.json:4:3\\) leaves")
# 20 is answered by `yes` (the purpose) or by `maybe` then `echo`.
check_verdict(answering-weakpass ${CASE_DIR}/answering.toml ${CASE_DIR}/answering-purpose.txt
  ${CASE_DIR}/answering-weakpass.json 0 WeakPASS "ask;yes" "also belongs to:\n  1  req\\?\\(20\\) +ask\n  2  ans!\\(20\\) +maybe echo\n")
