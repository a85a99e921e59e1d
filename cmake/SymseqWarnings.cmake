# Warnings every target of ours gets; SYMSEQ_WERROR turns them into errors (CI does).
add_library(symseq_warnings INTERFACE)
target_compile_options(symseq_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough)
if(SYMSEQ_WERROR)
  target_compile_options(symseq_warnings INTERFACE -Werror)
endif()
# GCC 12 reports impossible overlaps in std::string concatenation at -O2/-O3 (GCC bug 105651);
# the warning says nothing about our code there, so it is off for that compiler only.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
   AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(symseq_warnings INTERFACE -Wno-restrict)
endif()
# In optimised builds GCC 12 also reports -Wnull-dereference inside libstdc++'s streambuf and
# -Wmaybe-uninitialized inside Boost.Multiprecision, after inlining them into our code: false
# positives a user building the quick start can do nothing about. Both warnings need the
# optimiser's analysis, so the Debug build that CI checks with -Werror keeps them where they work.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(symseq_warnings INTERFACE
    $<$<NOT:$<CONFIG:Debug>>:-Wno-null-dereference> $<$<NOT:$<CONFIG:Debug>>:-Wno-maybe-uninitialized>)
endif()
