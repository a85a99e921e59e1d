# The build id names what a plugin was compiled against: version, commit, compiler and build type.
# It is informational (shown by `symseq plugins`, recorded in results); the ABI version decides loading.
find_package(Git QUIET)
set(SYMSEQ_GIT_COMMIT "unknown")
if(GIT_FOUND AND EXISTS ${CMAKE_SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE _commit OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE _rc ERROR_QUIET)
  if(_rc EQUAL 0)
    set(SYMSEQ_GIT_COMMIT ${_commit})
  endif()
endif()
set(SYMSEQ_BUILD_ID
  "symseq-${PROJECT_VERSION}+${SYMSEQ_GIT_COMMIT}/${CMAKE_CXX_COMPILER_ID}-${CMAKE_CXX_COMPILER_VERSION}/${CMAKE_BUILD_TYPE}")
