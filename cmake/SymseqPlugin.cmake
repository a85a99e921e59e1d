# symseq_add_plugin(<target> SOURCES <files...> [LIBRARIES <libs...>])
# A plugin is a MODULE library linked against the kernel, with hidden visibility (only its
# descriptor is exported), placed where the symseq binary looks for plugins.
function(symseq_add_plugin target)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE symseq::core symseq_warnings ${ARG_LIBRARIES})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${SYMSEQ_PLUGIN_OUTPUT_DIR}
    BUILD_RPATH "$ORIGIN/../.."
    INSTALL_RPATH "$ORIGIN/../..")
  target_link_options(${target} PRIVATE -Wl,--no-undefined)
  install(TARGETS ${target} LIBRARY DESTINATION ${SYMSEQ_PLUGIN_SUBDIR})
  if(TARGET symseq_all_plugins)
    add_dependencies(symseq_all_plugins ${target})
  endif()
  # For the plugin index of this build's plugin directory (plugins/CMakeLists.txt).
  set_property(GLOBAL APPEND PROPERTY SYMSEQ_PLUGIN_TARGETS ${target})
endfunction()
