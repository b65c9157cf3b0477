// Internal: UTS #39 through ICU's spoof checker, for the preview's findings (preview.cpp) and
// lookalikes() (spoof_check.cpp). A library failure is never a pass: check() says it could not
// check, as Chromium's idn_spoof_checker.cc treats it.
#pragma once

#include <unicode/uspoof.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
    }
  }
  ~spoof_checker() {
    if (sc_ != nullptr) uspoof_close(sc_);
  }
  spoof_checker(const spoof_checker&) = delete;
  spoof_checker& operator=(const spoof_checker&) = delete;

  // The failed checks (USPOOF_* bits), 0 when all pass; std::nullopt when ICU could not check
  // (no checker, a library failure): as Chromium's idn_spoof_checker.cc does, a text that could
  // not be checked is not taken for one that passed.
  [[nodiscard]] std::optional<int32_t> check(std::string_view s) const {
    if (sc_ == nullptr || s.size() > 0x7FFFFFF) return std::nullopt;
    UErrorCode st = U_ZERO_ERROR;
    const int32_t r = uspoof_check2UTF8(sc_, s.data(), static_cast<int32_t>(s.size()), nullptr, &st);
    if (U_FAILURE(st)) return std::nullopt;
    return r;
  }

  // UTS #39 section 4 skeleton; empty on failure.
  [[nodiscard]] std::string skeleton(std::string_view s) const {
    if (sc_ == nullptr || s.size() > 0x7FFFFFF) return {};
    UErrorCode st = U_ZERO_ERROR;
    const auto len = static_cast<int32_t>(s.size());
    const int32_t need = uspoof_getSkeletonUTF8(sc_, 0, s.data(), len, nullptr, 0, &st);
    if (st != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(st)) return {};
    std::string out(static_cast<std::size_t>(need), '\0');
    st = U_ZERO_ERROR;
    uspoof_getSkeletonUTF8(sc_, 0, s.data(), len, out.data(), need, &st);
    if (U_FAILURE(st) && st != U_STRING_NOT_TERMINATED_WARNING) return {};
    return out;
  }

 private:
  USpoofChecker* sc_ = nullptr;
};

// The one checker, made on first use (thread-safe: a function-local static).
[[nodiscard]] const spoof_checker& checker();

// The English names of the scripts of `s` ("Latin and Cyrillic"), for a finding's words.
[[nodiscard]] std::string scripts_of(std::string_view s);

// UTS #39 section 4: the ASCII text `text` is confusable with, by the skeleton of each non-ASCII
// character ("\u0430pple.com" gives "apple.com"); empty when some character has no ASCII
// look-alike. Per character, so the result reads like the text (the skeleton of the whole string
// would turn "m" into "rn").
[[nodiscard]] std::string ascii_lookalike(std::string_view text);

}  // namespace mailtokit::preview::detail
