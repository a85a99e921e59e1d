# Warnings every target of ours gets; SYMSEQ_WERROR turns them into errors (CI does).
add_library(symseq_warnings INTERFACE)
target_compile_options(symseq_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough)
if(SYMSEQ_WERROR)
  target_compile_options(symseq_warnings INTERFACE -Werror)
endif()
