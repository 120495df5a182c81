# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Installation and the Debian package (docs/packaging.md). `cmake --install` puts the programs and
# everything a Debian desktop expects of an application into CMAKE_INSTALL_PREFIX; `cpack -G DEB` in
# the build folder makes the package of the same files under /usr:
#   bin/quantscope, bin/quantscope-gui
#   share/applications/org.quantscope.QuantScope.desktop       the launcher, application/x-hdf5 handler
#   share/metainfo/org.quantscope.QuantScope.metainfo.xml      AppStream: software centres
#   share/mime/packages/org.quantscope.QuantScope.xml          the application/x-hdf5 type (.h5, .hdf5)
#   share/icons/hicolor/{scalable,NxN}/apps/org.quantscope.QuantScope.{svg,png}
#   share/man/man1/quantscope.1.gz (quantscope-gui.1.gz links to it)   generated from the command table
#   share/bash-completion/completions/quantscope (and quantscope-gui)   generated from the command table
#   share/doc/quantscope/copyright, changelog.gz
# The package's caches (desktop database, MIME database, icon cache, man index) are refreshed by the
# dpkg triggers of desktop-file-utils, shared-mime-info, hicolor-icon-theme and man-db: no maintainer
# scripts.

include(GNUInstallDirs)

set(QS_APP_ID org.quantscope.QuantScope)
# The release date of PROJECT_VERSION: the manual page's date, the AppStream release, the changelog.
set(QS_RELEASE_DATE 2026-12-03)
set(QS_MAINTAINER "QuantScope developers <dev@quantscope.org>")
# Where the project publishes its site: the package's Homepage, AppStream's homepage, and the
# screenshots AppStream lists (docs/screenshots/*.png, published under <url>/screenshots/).
set(QS_HOMEPAGE_URL "https://quantscope.org" CACHE STRING "The project's web site (package homepage, AppStream)")

set(_qs_linux ${PROJECT_SOURCE_DIR}/packaging/linux)
set(_qs_gen ${CMAKE_BINARY_DIR}/packaging)
find_program(QS_GZIP gzip REQUIRED)

# The manual page and the bash completion, generated from the command table by qs_gendocs.
add_executable(qs_gendocs ${PROJECT_SOURCE_DIR}/app/tools/gendocs.cpp)
target_link_libraries(qs_gendocs PRIVATE qs_cli)
qs_qt_defaults(qs_gendocs)
# The window's languages (app/CMakeLists.txt) and the built-in recipes' names (resources/recipes/).
list(JOIN QS_UI_LANGUAGES "," _qs_languages)
set(_qs_recipe_names)
foreach(recipe_file IN LISTS QS_RECIPES)
    file(READ ${recipe_file} _qs_recipe_json)
    string(JSON _qs_recipe_name GET "${_qs_recipe_json}" recipe)
    list(APPEND _qs_recipe_names ${_qs_recipe_name})
endforeach()
list(JOIN _qs_recipe_names "," _qs_recipes)
add_custom_command(OUTPUT ${_qs_gen}/quantscope.1.gz ${_qs_gen}/quantscope-gui.1.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_qs_gen}
    COMMAND qs_gendocs man ${PROJECT_VERSION} ${QS_RELEASE_DATE} ${_qs_languages} ${_qs_gen}/quantscope.1
    COMMAND ${QS_GZIP} -9nf ${_qs_gen}/quantscope.1
    COMMAND ${CMAKE_COMMAND} -E create_symlink quantscope.1.gz ${_qs_gen}/quantscope-gui.1.gz
    DEPENDS qs_gendocs
    COMMENT "Generating the manual page quantscope(1)"
    VERBATIM)
add_custom_command(OUTPUT ${_qs_gen}/completions/quantscope ${_qs_gen}/completions/quantscope-gui
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_qs_gen}/completions
    COMMAND qs_gendocs bash ${_qs_languages} ${_qs_recipes} ${_qs_gen}/completions/quantscope
    COMMAND ${CMAKE_COMMAND} -E create_symlink quantscope ${_qs_gen}/completions/quantscope-gui
    DEPENDS qs_gendocs ${QS_RECIPES}
    COMMENT "Generating the bash completion"
    VERBATIM)

# The icon in the hicolor theme's sizes, rendered from resources/quantscope.svg.
set(QS_ICON_SIZES 16 22 24 32 48 64 128 256)
add_executable(qs_rendericon ${PROJECT_SOURCE_DIR}/app/tools/rendericon.cpp)
target_link_libraries(qs_rendericon PRIVATE Qt6::Gui Qt6::Svg)
qs_qt_defaults(qs_rendericon)
set(_qs_icons)
foreach(size IN LISTS QS_ICON_SIZES)
    set(png ${_qs_gen}/icons/${size}x${size}/${QS_APP_ID}.png)
    add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${_qs_gen}/icons/${size}x${size}
        COMMAND qs_rendericon ${PROJECT_SOURCE_DIR}/resources/quantscope.svg ${size} ${png}
        DEPENDS qs_rendericon ${PROJECT_SOURCE_DIR}/resources/quantscope.svg
        VERBATIM)
    list(APPEND _qs_icons ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()

configure_file(${_qs_linux}/${QS_APP_ID}.metainfo.xml.in ${_qs_gen}/${QS_APP_ID}.metainfo.xml @ONLY)
add_custom_command(OUTPUT ${_qs_gen}/changelog.gz
    COMMAND ${QS_GZIP} -9nc ${PROJECT_SOURCE_DIR}/packaging/debian/changelog > ${_qs_gen}/changelog.gz
    DEPENDS ${PROJECT_SOURCE_DIR}/packaging/debian/changelog
    VERBATIM)
add_custom_target(qs_install_files ALL DEPENDS
    ${_qs_gen}/quantscope.1.gz ${_qs_gen}/completions/quantscope ${_qs_gen}/changelog.gz ${_qs_icons})

install(FILES ${_qs_linux}/${QS_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${_qs_gen}/${QS_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${_qs_linux}/${QS_APP_ID}.mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
        RENAME ${QS_APP_ID}.xml)
install(FILES ${PROJECT_SOURCE_DIR}/resources/quantscope.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${QS_APP_ID}.svg)
install(FILES ${_qs_gen}/quantscope.1.gz ${_qs_gen}/quantscope-gui.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_qs_gen}/completions/quantscope ${_qs_gen}/completions/quantscope-gui
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/debian/copyright ${_qs_gen}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/quantscope)

# A stripped install (cmake --install --strip, cpack) also drops the .comment and .note sections, as
# dh_strip does. The programs are linked with full RELRO (relro, now).
install(CODE "
    if(CMAKE_INSTALL_DO_STRIP)
        foreach(program quantscope quantscope-gui)
            execute_process(COMMAND \"${CMAKE_STRIP}\" --remove-section=.comment --remove-section=.note
                                    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/\${program}\" COMMAND_ERROR_IS_FATAL ANY)
        endforeach()
    endif()")
target_link_options(quantscope PRIVATE LINKER:-z,relro LINKER:-z,now)
target_link_options(quantscope-gui PRIVATE LINKER:-z,relro LINKER:-z,now)

# The Debian package.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME quantscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "QuantScope developers")
set(CPACK_PACKAGE_CONTACT ${QS_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "workbench for training dynamics and quantization robustness of LLMs")
set(CPACK_PACKAGE_DESCRIPTION
    "QuantScope studies how a language model's training dynamics change how much
it suffers from quantization. It quantizes every checkpoint of a trajectory
(Hugging Face revision folders or runs of its own byte-level trainer) with RTN,
GPTQ, 4-bit activations or mixed precision, measures the damage against the
full-precision model, keeps every number in one HDF5 file that h5py reads, and
shows the learning rate against the error along training in linked views,
with scaling-law what-ifs and figures for papers.

The quantscope program runs the sweeps headless, on compute nodes and as SLURM
job arrays; quantscope-gui is the desktop workbench.")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${QS_HOMEPAGE_URL})
# Depends from the programs' shared libraries (dpkg-shlibdeps), not from a list kept by hand.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-h5py, slurm-client")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
    WORLD_READ WORLD_EXECUTE)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/package)
include(CPack)
