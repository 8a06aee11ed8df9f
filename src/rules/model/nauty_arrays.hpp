// nauty's work arrays, per thread: nauty (dense and sparse), its refinement and Traces allocate
// them thread-local on first use and free them only when asked (the *_freedyn functions), so a
// thread that ends without asking leaks them -- the hint's racing thread, the play server's
// request threads, check's workers.
// Invariant: every function of model/ that calls nauty or Traces calls free_nauty_arrays_at_thread_exit()
// first; the calling thread's arrays are then freed when it ends (for the main thread, at exit).
#pragma once

namespace carve::model {

// Idempotent and cheap after the first call in a thread.
void free_nauty_arrays_at_thread_exit();

}  // namespace carve::model
