#include "report/spoof_check.hpp"

#include <unicode/uscript.h>

#include <vector>

#include "mailtokit/preview.hpp"
#include "mailtokit/utf8.hpp"
#include "report/display.hpp"

namespace mailtokit::preview {

namespace detail {

const spoof_checker& checker() {
  static const spoof_checker c;
  return c;
}

namespace {
// uspoof_open() makes ICU's tables of the spoof checks once per process and keeps the error of a
// failed first attempt (umtx_initOnce), as this checker would keep a failed one: a first preview
// short of memory would leave every later one without the checks. So the checker is made when
// the library is loaded, before any caller can be short of memory.
[[maybe_unused]] const spoof_checker& checker_made = checker();
}  // namespace

std::string scripts_of(std::string_view s) {
  std::vector<UScriptCode> seen;
  for_each_cp(s, [&](char32_t cp, bool bad) {
    if (bad) return;
    UErrorCode st = U_ZERO_ERROR;
    const UScriptCode sc = uscript_getScript(static_cast<UChar32>(cp), &st);
    if (U_FAILURE(st) || sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED) return;
    for (const auto x : seen)
      if (x == sc) return;
    seen.push_back(sc);
  });
  std::string out;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (i > 0) out += i + 1 == seen.size() ? " and " : ", ";
    const char* name = uscript_getName(seen[i]);
    out += name != nullptr ? name : "?";
  }
  return out;
}

std::string ascii_lookalike(std::string_view text) {
  std::string out;
  bool ok = true;
  for_each_cp(text, [&](char32_t cp, bool bad) {
    if (!ok) return;
    if (bad) {
      ok = false;
    } else if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else {
      std::string one;
      utf8::append(one, cp);
      const std::string sk = checker().skeleton(one);
      if (sk.empty() || !utf8::is_ascii(sk)) ok = false;
      else out += sk;
    }
  });
  return ok ? out : std::string();
}

}  // namespace detail

using namespace detail;

namespace {

struct script_count {
  UScriptCode code = USCRIPT_INVALID_CODE;
  std::size_t letters = 0;
};

UScriptCode script_of(char32_t cp) {
  UErrorCode st = U_ZERO_ERROR;
  const UScriptCode sc = uscript_getScript(static_cast<UChar32>(cp), &st);
  return U_FAILURE(st) ? USCRIPT_INVALID_CODE : sc;
}

bool is_specific(UScriptCode sc) {
  return sc != USCRIPT_INVALID_CODE && sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED && sc != USCRIPT_UNKNOWN;
}

// The look-alikes of one identifier (a local part or a domain label) that starts at byte
// `offset` and code point `index` of the text.
void identifier_lookalikes(std::vector<lookalike>& out, std::string_view id, std::size_t offset, std::size_t index) {
  if (id.empty() || utf8::is_ascii(id)) return;
  // UTS #39 section 5.2: an identifier that fails "moderately restrictive" mixes scripts that
  // do not belong together; the letters outside its main script are the odd ones.
  // A text ICU could not check is taken for a mixed one (fails closed).
  const auto checked = checker().check(id);
  const bool mixed = !checked || (*checked & USPOOF_RESTRICTION_LEVEL) != 0;
  UScriptCode main = USCRIPT_LATIN;
  if (mixed) {
    std::vector<script_count> counts;
    for_each_cp(id, [&](char32_t cp, bool bad) {
      const UScriptCode sc = bad ? USCRIPT_INVALID_CODE : script_of(cp);
      if (!is_specific(sc)) return;
      for (auto& c : counts)
        if (c.code == sc) {
          ++c.letters;
          return;
        }
      counts.push_back({sc, 1});
    });
    std::size_t most = 0;
    for (const auto& c : counts)
      if (c.letters > most || (c.letters == most && c.code == USCRIPT_LATIN)) {
        most = c.letters;
        main = c.code;
      }
  }
  const char* const begin = id.data();
  const char* it = begin;
  const char* const end = begin + id.size();
  std::size_t i = index;
  while (it < end) {
    const char* const at = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      it = at + 1;
      ++i;
      continue;
    }
    std::string one;
    utf8::append(one, *cp);
    std::string look;
    if (*cp >= 0x80) {
      look = checker().skeleton(one);
      if (!utf8::is_ascii(look)) look.clear();
    }
    const UScriptCode sc = script_of(*cp);
    const bool odd = mixed && *cp >= 0x80 && is_specific(sc) && sc != main;
    if (!look.empty() || odd) {
      lookalike l;
      l.offset = offset + static_cast<std::size_t>(at - begin);
      l.index = i;
      l.character = std::move(one);
      const char* name = sc == USCRIPT_INVALID_CODE ? nullptr : uscript_getName(sc);
      const char* code = sc == USCRIPT_INVALID_CODE ? nullptr : uscript_getShortName(sc);
      l.script = name != nullptr ? name : "";
      l.script_code = code != nullptr ? code : "";
      l.looks_like = std::move(look);
      out.push_back(std::move(l));
    }
    ++i;
  }
}

// Code points in `s`, an invalid byte counting as one (as lookalike::index counts them).
std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for_each_cp(s, [&](char32_t, bool) { ++n; });
  return n;
}

}  // namespace

std::vector<lookalike> lookalikes(std::string_view text) {
  std::vector<lookalike> out;
  if (utf8::is_ascii(text)) return out;
  // The identifiers of an address: the local part and each domain label (RFC 5321 section
  // 4.1.2; RFC 5890 section 2.3.2.1), split at "@" and ".".
  std::size_t start = 0, index = 0;
  while (start <= text.size()) {
    const std::size_t stop = std::min(text.find_first_of("@.", start), text.size());
    const std::string_view id = text.substr(start, stop - start);
    identifier_lookalikes(out, id, start, index);
    index += code_points(id) + 1;
    start = stop + 1;
  }
  return out;
}

}  // namespace mailtokit::preview
