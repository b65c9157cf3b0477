// Internal: percent decoding (RFC 3986 section 2.1, as percent::decode() in text/percent.cpp)
// that also collects facts about what it wrote (decode_facts), so that the mailto parser skips
// the passes those facts make needless: UTF-8 validation (text/utf8_dfa.hpp), the header and body
// cleaners, the search for encoded words. tests/unit/shortcuts_test.cpp checks it against
// percent::decode() and the full checks.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "mailtokit/result.hpp"

namespace mailtokit::detail {

// What decode_once() learns about the decoded text while writing it, so that later passes over
// it can be skipped: whether it is valid UTF-8, and whether clean_header_text() or
// clean_body_text() could change it. Raw (not pct-encoded) bytes of a value are never controls
// (the URI scan refuses them), so only decoded triplets and raw non-ASCII can need cleaning; the
// answers are conservative (true only when the cleaner would certainly change nothing).
struct decode_facts {
  bool utf8 = false;         // certainly valid UTF-8 (RFC 3629), known without utf8::validate()
  bool header_clean = true;  // no C0, DEL or lead byte C2/E2 (C1, NEL, U+2028/9) anywhere
  bool body_clean = true;    // the same but HTAB and CRLF pairs, and E2, are fine in a body
  // A '?' was decoded. A value never holds a raw '?' (after the first '?' of a URI, another raw
  // one is refused), so without a decoded one it holds no "=?" and so no encoded word.
  bool question = false;
  // Set by the slow paths only (the fast path never touches them): where the first '%' that
  // does not start a triplet is (relative to the raw text; read as a literal '%'), and whether
  // the value was not UTF-8 and was repaired or converted.
  std::size_t literal_percent = std::string_view::npos;
  bool repaired = false;
};

// RFC 3986 section 2.1: decode every pct-encoded triplet of `raw` exactly once into `out`
// (replacing its content). With `strict`, a '%' that does not start a triplet is
// percent::check()'s error at its URI offset; otherwise it is a literal '%' (as WHATWG URL
// parsers, Python and Thunderbird read it) and facts.literal_percent says where the first was.
// Runs between triplets are copied by the best run_copier (text/percent_run.hpp).
[[nodiscard]] result<void> decode_once(std::string_view raw, std::size_t base, std::string& out, decode_facts& facts,
                         bool strict);

}  // namespace mailtokit::detail
