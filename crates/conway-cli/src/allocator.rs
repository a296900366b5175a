//! The allocator's settings that `--max-memory` needs. mimalloc keeps freed memory for a
//! second before it gives it back to the system, and backs its arenas with transparent huge
//! pages (2 MiB each, resident as soon as one byte of them is used): either lets the process
//! hold far more than it uses, a vector's old buffer beside its new one, say. The limit bounds
//! what the process holds, so freed memory goes back at once and pages stay small.

use std::ffi::{c_int, c_long};

extern "C" {
    fn mi_option_get(option: c_int) -> c_long;
    fn mi_option_set(option: c_int, value: c_long);
}

/// mimalloc's option `mi_option_purge_delay` as its header (version 3) numbers it, with its
/// default: milliseconds before freed memory is given back.
const PURGE_DELAY: (c_int, c_long) = (15, 1000);

/// Gives freed memory back at once and keeps pages small. The purge delay is set only where
/// it still holds its default: one set in the environment (`MIMALLOC_PURGE_DELAY`) stands, and
/// a mimalloc that numbers its options otherwise is left alone rather than misconfigured.
/// Huge pages are refused for the whole process: mimalloc reserved its first arena before
/// `main`, too early for its own option to apply.
pub fn give_memory_back_at_once() {
    let (option, default) = PURGE_DELAY;
    // SAFETY: both functions only read or write the option's slot in mimalloc's table, which
    // holds every number below its last option (47).
    unsafe {
        if mi_option_get(option) == default {
            mi_option_set(option, 0);
        }
    }
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE only sets a flag of this process; no pointer is passed.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}
