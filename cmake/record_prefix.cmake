# Run by `cmake --install` (install(SCRIPT)): where this install went, for cmake/uninstall.cmake.
# CMake's install_manifest.txt names the files without DESTDIR, so both are kept.
file(WRITE "${MAILTOKIT_BUILD_DIR}/install_prefix.cmake"
  "set(installed_destdir [==[$ENV{DESTDIR}]==])\nset(installed_prefix [==[${CMAKE_INSTALL_PREFIX}]==])\n")
