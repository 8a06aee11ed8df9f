/* geng's OUTPROC (rules/model/CMakeLists.txt compiles geng.c with OUTPROC=carve_geng_output): each
   graph geng emits, as graph6 without its newline, goes to the sink connected_graphs.cpp set.
   In C because nauty's gtools.h is a C header. */
#include <string.h>

#include "gtools.h"

void (*carve_geng_sink)(const char* graph6, size_t length) = 0;

void carve_geng_output(FILE* f, graph* g, int n) {
  (void)f;
  const char* s = ntog6(g, 1, n);
  size_t len = strlen(s);
  if (len > 0 && s[len - 1] == '\n') --len;
  carve_geng_sink(s, len);
}
