// A thread-local whose destructor frees the thread's nauty arrays (rules/model/nauty_arrays.hpp).
#include "rules/model/nauty_arrays.hpp"

#include <nauty.h>
#include <nausparse.h>
#include <schreier.h>

// traces.h is left out (it needs the TLS_ATTR dance of rules/model/canonical.cpp); its one function here:
extern "C" void traces_freedyn(void);

namespace carve::model {

namespace {
struct NautyArrays {
  NautyArrays() = default;
  NautyArrays(const NautyArrays&) = delete;
  NautyArrays& operator=(const NautyArrays&) = delete;
  ~NautyArrays() {
    nauty_freedyn();
    nautil_freedyn();
    naugraph_freedyn();
    nausparse_freedyn();
    schreier_freedyn();
    traces_freedyn();
  }
};
}  // namespace

void free_nauty_arrays_at_thread_exit() {
  thread_local NautyArrays arrays;
  (void)arrays;
}

}  // namespace carve::model
