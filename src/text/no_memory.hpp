// Internal: memory running out, on its way out of the library. Inside, it is std::bad_alloc, from
// operator new and from a dependency that reports it by a code of its own (ICU's
// U_MEMORY_ALLOCATION_ERROR, libidn2's IDN2_MALLOC), until a reader's entry point or a function
// that returns result<> makes it errc::no_memory. A caller that takes a failed result as bad input
// (kept as text, a warning, an invalid address) passes no_memory on as std::bad_alloc, so that
// memory running out never becomes a wrong value.
#pragma once

#include <new>

#include "mailtokit/result.hpp"

namespace mailtokit::detail {

inline void rethrow_no_memory(const error& e) {
  if (e.code == errc::no_memory) throw std::bad_alloc();
}

}  // namespace mailtokit::detail
