// Internal: ICU's ways of saying that memory ran out, as std::bad_alloc (text/no_memory.hpp), for
// every layer that calls ICU (charset, the hand-over, the spoof check). ICU reports it by a code,
// U_MEMORY_ALLOCATION_ERROR, and a UnicodeString whose buffer could not be made or grow by its
// bogus state; taken for any other failure, it would become a wrong value or a check that fails.
#pragma once

#include <unicode/unistr.h>
#include <unicode/utypes.h>

#include <new>

namespace mailtokit::detail {

inline void throw_if_no_memory(UErrorCode status) {
  if (status == U_MEMORY_ALLOCATION_ERROR) throw std::bad_alloc();
}

inline void throw_if_no_memory(const icu::UnicodeString& s) {
  if (s.isBogus()) throw std::bad_alloc();
}

}  // namespace mailtokit::detail
