# Writes OUTPUT, a C++ file holding INPUT (carve play's page) as bytes, so the page is in the binary
# and `carve play` reads no file to serve it. Run by front/web/CMakeLists.txt whenever page.html changes.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUTPUT}" "// Generated from front/web/page.html by front/web/embed_page.cmake: do not edit.\n"
  "#include \"front/web/page.hpp\"\n\n"
  "namespace carve::play::web {\n\n"
  "namespace {\nconstexpr unsigned char kPage[] = {${bytes}};\n}  // namespace\n\n"
  "std::string_view page_html() { return {reinterpret_cast<const char*>(kPage), sizeof kPage}; }\n\n"
  "}  // namespace carve::play::web\n")
