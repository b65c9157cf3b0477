// Internal: UTS #39 through ICU's spoof checker, for the preview's findings (preview.cpp) and
// lookalikes() (spoof_check.cpp). A library failure is never a pass: check() says it could not
// check, as Chromium's idn_spoof_checker.cc treats it; memory running out, in ICU too, is
// std::bad_alloc (unicode/icu_memory.hpp), as everywhere in the library.
#pragma once

#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "unicode/icu_memory.hpp"

namespace mailtokit::preview::detail {

// UTS #39 via ICU: one checker, configured once, then only read ("A single instance may be used
// by multiple threads concurrently for checking").
class spoof_checker {
 public:
  spoof_checker() {
    UErrorCode st = U_ZERO_ERROR;
    sc_ = uspoof_open(&st);
    if (U_FAILURE(st)) {
      sc_ = nullptr;
      open_status_ = st;
      return;
    }
    // UTS #39 section 5.2: "Moderately Restrictive" allows Latin with one other Recommended
    // script except Cyrillic, Greek and Cherokee; the other checks catch invisible combining
    // marks, digits from several systems and dots hidden in a preceding glyph.
    uspoof_setChecks(sc_, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS | USPOOF_HIDDEN_OVERLAY,
                     &st);
    uspoof_setRestrictionLevel(sc_, USPOOF_MODERATELY_RESTRICTIVE);
    if (U_FAILURE(st)) {
      uspoof_close(sc_);
      sc_ = nullptr;
      open_status_ = st;
    }
  }
  ~spoof_checker() {
    if (sc_ != nullptr) uspoof_close(sc_);
  }
  spoof_checker(const spoof_checker&) = delete;
  spoof_checker& operator=(const spoof_checker&) = delete;

  // The failed checks (USPOOF_* bits), 0 when all pass; std::nullopt when ICU could not check
  // (no checker, a library failure): as Chromium's idn_spoof_checker.cc does, a text that could
  // not be checked is not taken for one that passed. Memory running out is std::bad_alloc.
  [[nodiscard]] std::optional<int32_t> check(std::string_view s) const {
    if (s.size() > 0x7FFFFFF || !usable()) return std::nullopt;
    const icu::UnicodeString text = utf16(s);
    UErrorCode st = U_ZERO_ERROR;
    const int32_t r = uspoof_check2UnicodeString(sc_, text, nullptr, &st);
    mailtokit::detail::throw_if_no_memory(st);
    if (U_FAILURE(st)) return std::nullopt;
    return r;
  }

  // UTS #39 section 4 skeleton; empty on failure, std::bad_alloc when memory runs out.
  [[nodiscard]] std::string skeleton(std::string_view s) const {
    if (s.size() > 0x7FFFFFF || !usable()) return {};
    const icu::UnicodeString text = utf16(s);
    icu::UnicodeString sk;
    UErrorCode st = U_ZERO_ERROR;
    uspoof_getSkeletonUnicodeString(sc_, 0, text, sk, &st);
    mailtokit::detail::throw_if_no_memory(st);
    if (U_FAILURE(st)) return {};
    mailtokit::detail::throw_if_no_memory(sk);
    std::string out;
    sk.toUTF8String(out);
    return out;
  }

 private:
  // False when there is no checker; std::bad_alloc when memory ran out making it (in a process
  // that had none when the library was loaded: ICU keeps that failure, see checker()).
  [[nodiscard]] bool usable() const {
    if (sc_ == nullptr) mailtokit::detail::throw_if_no_memory(open_status_);
    return sc_ != nullptr;
  }

  // `s` as UTF-16, converted here rather than by uspoof_check2UTF8() and uspoof_getSkeletonUTF8():
  // those take a string that could not be made for want of memory for an illegal argument.
  [[nodiscard]] static icu::UnicodeString utf16(std::string_view s) {
    icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
    mailtokit::detail::throw_if_no_memory(text);
    return text;
  }

  USpoofChecker* sc_ = nullptr;
  UErrorCode open_status_ = U_ZERO_ERROR;
};

// The one checker, made when the library is loaded (and at the latest on first use, thread-safe:
// a function-local static), see spoof_check.cpp.
[[nodiscard]] const spoof_checker& checker();

// The English names of the scripts of `s` ("Latin and Cyrillic"), for a finding's words.
[[nodiscard]] std::string scripts_of(std::string_view s);

// UTS #39 section 4: the ASCII text `text` is confusable with, by the skeleton of each non-ASCII
// character ("\u0430pple.com" gives "apple.com"); empty when some character has no ASCII
// look-alike. Per character, so the result reads like the text (the skeleton of the whole string
// would turn "m" into "rn").
[[nodiscard]] std::string ascii_lookalike(std::string_view text);

}  // namespace mailtokit::preview::detail
