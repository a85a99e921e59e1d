# Every public header (the kernel's and the plugin libraries') exports what it declares and
# nothing else: its declarations sit between exactly one `#pragma GCC visibility push(default)`
# and one `#pragma GCC visibility pop`, after its includes. The libraries are built with hidden
# visibility, so a header added without the pair would silently export nothing, and one with an
# include inside the pair would export another library's symbols.
#   cmake -DROOTS=<include dir;include dir> -P AbiPragmas.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED ROOTS)
  message(FATAL_ERROR "AbiPragmas.cmake needs -DROOTS=<include dirs>")
endif()

set(problems "")
set(count 0)
foreach(root IN LISTS ROOTS)
  file(GLOB_RECURSE headers ${root}/symseq/*.h)
  foreach(header IN LISTS headers)
    math(EXPR count "${count} + 1")
    file(STRINGS ${header} lines)
    set(push 0)
    set(pop 0)
    set(state before)  # before the push, inside the pair, after the pop
    foreach(line IN LISTS lines)
      string(STRIP "${line}" line)
      if(line STREQUAL "#pragma GCC visibility push(default)")
        math(EXPR push "${push} + 1")
        set(state inside)
      elseif(line STREQUAL "#pragma GCC visibility pop")
        math(EXPR pop "${pop} + 1")
        set(state after)
      elseif(line MATCHES "^#[ \t]*include" AND NOT state STREQUAL before)
        string(APPEND problems "${header}: #include after the visibility push (put the push after the includes)\n")
      elseif(line MATCHES "^#[ \t]*pragma GCC visibility")
        string(APPEND problems "${header}: other visibility pragma: ${line}\n")
      endif()
    endforeach()
    if(NOT push EQUAL 1 OR NOT pop EQUAL 1)
      string(APPEND problems
        "${header}: ${push} `#pragma GCC visibility push(default)` and ${pop} `#pragma GCC visibility pop`; "
        "a public header needs exactly one of each, the push after its includes and the pop at its end\n")
    elseif(NOT state STREQUAL after)
      string(APPEND problems "${header}: the visibility pop comes before the push\n")
    endif()
  endforeach()
endforeach()

if(count EQUAL 0)
  message(FATAL_ERROR "no public headers found under ${ROOTS}")
endif()
if(problems)
  message(FATAL_ERROR "public headers without a proper visibility pair:\n${problems}")
endif()
message(STATUS "${count} public headers, each with one visibility push(default)/pop pair after its includes")
