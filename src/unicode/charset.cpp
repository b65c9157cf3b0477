#include "mailtokit/charset.hpp"

#include <unicode/normalizer2.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/unistr.h>

#include <climits>
#include <exception>
#include <memory>
#include <new>

#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"
#include "unicode/icu_memory.hpp"

namespace mailtokit::charset {

namespace {

struct converter_closer {
  void operator()(UConverter* c) const noexcept { ucnv_close(c); }
};
using converter_ptr = std::unique_ptr<UConverter, converter_closer>;

// Charset names are short IANA/ICU aliases: letters, digits and a few punctuation marks. Anything
// else (NUL, ',' option suffixes, path separators, "") is refused before ICU sees it.
bool plausible_name(std::string_view name) noexcept {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.' || c == ':' || c == '+';
    if (!ok) return false;
  }
  return true;
}

// ICU's alias matching ignores case and the punctuation '-', '_', ' ' (ucnv_compareNames).
bool same_name(std::string_view name, std::string_view want) noexcept {
  std::size_t i = 0, j = 0;
  auto skip = [](std::string_view s, std::size_t& k) {
    while (k < s.size() && (s[k] == '-' || s[k] == '_' || s[k] == ' ')) ++k;
  };
  for (;;) {
    skip(name, i);
    skip(want, j);
    if (i == name.size() || j == want.size()) return i == name.size() && j == want.size();
    char a = name[i++], b = want[j++];
    if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
    if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
    if (a != b) return false;
  }
}

using detail::throw_if_no_memory;

// ICU makes its normalizers and its table of charset names once per process (umtx_initOnce) and
// keeps the error of a failed first attempt for every later call: a first call that met a passing
// shortage of memory would make nfc(), nfkc_casefold(), to_utf8() and the hand-over's NFKC check
// fail for the rest of the process. So they are made here, for the whole library, when it is
// loaded, before any caller can be short of memory; each call still checks what ICU gives it.
// (The spoof checker, which keeps its own failure too, is made the same way by its owner,
// report/spoof_check.cpp.)
[[maybe_unused]] const bool icu_tables_made = [] {
  UErrorCode nfc = U_ZERO_ERROR, nfkc = U_ZERO_ERROR, nfkc_cf = U_ZERO_ERROR, aliases = U_ZERO_ERROR;
  icu::Normalizer2::getNFCInstance(nfc);
  icu::Normalizer2::getNFKCInstance(nfkc);
  icu::Normalizer2::getNFKCCasefoldInstance(nfkc_cf);
  ucnv_countAliases("utf-8", &aliases);
  return true;
}();

const icu::Normalizer2* nfc_instance() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
  throw_if_no_memory(status);
  return U_SUCCESS(status) ? n : nullptr;
}

// NFC of valid UTF-8 held as UTF-16.
result<std::string> nfc_of(const icu::UnicodeString& text) {
  throw_if_no_memory(text);
  const icu::Normalizer2* n = nfc_instance();
  if (n == nullptr) return fail(errc::internal_error, 0);
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString normalized = n->normalize(text, status);
  throw_if_no_memory(status);
  throw_if_no_memory(normalized);
  if (U_FAILURE(status)) return fail(errc::internal_error, 0);
  std::string out;
  normalized.toUTF8String(out);
  return out;
}

result<std::string> convert(std::string_view bytes, std::string_view name) {
  const std::string cname(name);
  // Only names in ICU's alias table: an unknown name would make ICU look for a .cnv data file.
  UErrorCode status = U_ZERO_ERROR;
  const bool known = ucnv_countAliases(cname.c_str(), &status) != 0;
  throw_if_no_memory(status);
  if (!known || U_FAILURE(status)) return fail(errc::unknown_charset, 0);
  status = U_ZERO_ERROR;
  converter_ptr conv(ucnv_open(cname.c_str(), &status));
  throw_if_no_memory(status);
  if (U_FAILURE(status) || !conv) return fail(errc::unknown_charset, 0);
  status = U_ZERO_ERROR;
  ucnv_setToUCallBack(conv.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  throw_if_no_memory(status);
  if (U_FAILURE(status)) return fail(errc::internal_error, 0);

  icu::UnicodeString text;
  UChar buffer[1024];
  const char* source = bytes.data();
  const char* const source_end = bytes.data() + bytes.size();
  for (;;) {
    UChar* target = buffer;
    status = U_ZERO_ERROR;
    ucnv_toUnicode(conv.get(), &target, buffer + 1024, &source, source_end, nullptr, /*flush=*/true, &status);
    text.append(buffer, static_cast<int32_t>(target - buffer));
    if (status == U_BUFFER_OVERFLOW_ERROR) continue;
    throw_if_no_memory(status);
    if (U_FAILURE(status)) {
      if (status == U_INVALID_CHAR_FOUND || status == U_ILLEGAL_CHAR_FOUND || status == U_TRUNCATED_CHAR_FOUND ||
          status == U_ILLEGAL_ESCAPE_SEQUENCE || status == U_UNSUPPORTED_ESCAPE_SEQUENCE) {
        // The converter has consumed the bad bytes; ucnv_getInvalidChars gives how many.
        char bad[32];
        int8_t bad_len = sizeof bad;
        UErrorCode s2 = U_ZERO_ERROR;
        ucnv_getInvalidChars(conv.get(), bad, &bad_len, &s2);
        std::size_t consumed = static_cast<std::size_t>(source - bytes.data());
        const std::size_t n = U_SUCCESS(s2) && bad_len > 0 ? static_cast<std::size_t>(bad_len) : 0;
        return fail(errc::charset_conversion, consumed >= n ? consumed - n : 0);
      }
      return fail(errc::internal_error, 0);
    }
    break;
  }
  return nfc_of(text);
}

}  // namespace

result<std::string> to_utf8(std::string_view bytes, std::string_view name) try {
  if (!plausible_name(name)) return fail(errc::unknown_charset, 0);
  if (bytes.size() > static_cast<std::size_t>(INT32_MAX / 2)) return fail(errc::input_too_long, 0);
  // UTF-8 and ASCII are checked by our own strict validator (exact offsets, no ICU for ASCII).
  const bool is_utf8 = same_name(name, "utf-8") || same_name(name, "utf8");
  const bool is_ascii_name = same_name(name, "us-ascii") || same_name(name, "ascii");
  if (is_utf8 || is_ascii_name) {
    if (is_ascii_name) {
      for (std::size_t i = 0; i < bytes.size(); ++i)
        if (static_cast<unsigned char>(bytes[i]) >= 0x80) return fail(errc::charset_conversion, i);
      return std::string(bytes);
    }
    if (auto v = utf8::validate(bytes); !v) return fail(errc::charset_conversion, v.error().offset);
    return nfc(bytes);
  }
  return convert(bytes, name);
} catch (const std::bad_alloc&) {
  return fail(errc::no_memory, 0);
} catch (const std::exception&) {
  return fail(errc::internal_error, 0);
}

std::string nfc(std::string_view utf8) {
  if (utf8::is_ascii(utf8) || !utf8::validate(utf8)) return std::string(utf8);
  if (utf8.size() > static_cast<std::size_t>(INT32_MAX / 2)) return std::string(utf8);
  try {
    const icu::Normalizer2* n = nfc_instance();
    if (n == nullptr) return std::string(utf8);
    UErrorCode status = U_ZERO_ERROR;
    const bool normalized =
        n->isNormalizedUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())), status);
    throw_if_no_memory(status);
    if (normalized && U_SUCCESS(status)) return std::string(utf8);
    auto r = nfc_of(icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size()))));
    return r ? std::move(*r) : std::string(utf8);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception&) {
    return std::string(utf8);
  }
}

std::string nfkc_casefold(std::string_view utf8) {
  if (utf8::is_ascii(utf8)) return chars::lowered(utf8);
  if (!utf8::validate(utf8) || utf8.size() > static_cast<std::size_t>(INT32_MAX / 2)) return std::string(utf8);
  try {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(status);
    throw_if_no_memory(status);
    if (U_FAILURE(status) || n == nullptr) return std::string(utf8);
    // Most text (a U-label domain, a name in lower case) is already mapped: no UTF-16 copy then.
    const bool mapped_already =
        n->isNormalizedUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())), status);
    throw_if_no_memory(status);
    if (mapped_already && U_SUCCESS(status)) return std::string(utf8);
    status = U_ZERO_ERROR;
    const auto text = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
    throw_if_no_memory(text);
    const icu::UnicodeString mapped = n->normalize(text, status);
    throw_if_no_memory(status);
    throw_if_no_memory(mapped);
    if (U_FAILURE(status)) return std::string(utf8);
    std::string out;
    mapped.toUTF8String(out);
    return out;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception&) {
    return std::string(utf8);
  }
}

bool is_nfc(std::string_view utf8) {
  if (utf8::is_ascii(utf8)) return true;
  if (!utf8::validate(utf8) || utf8.size() > static_cast<std::size_t>(INT32_MAX / 2)) return false;
  const icu::Normalizer2* n = nfc_instance();
  if (n == nullptr) return false;
  UErrorCode status = U_ZERO_ERROR;
  const bool yes = n->isNormalizedUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())), status);
  throw_if_no_memory(status);
  return U_SUCCESS(status) && yes;
}

}  // namespace mailtokit::charset
