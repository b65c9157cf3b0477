#include "header/header_writer.hpp"

#include <algorithm>
#include <vector>

#include "header/rfc2047_word.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/rfc2047.hpp"

namespace mailtokit::detail {
namespace {

// A raw word or white space run longer than this is carried in encoded words instead, which can
// be split, so that no line can pass 998 octets whatever the value.
constexpr std::size_t kMaxRaw = 900;
// Fold before an encoded word rather than start one with less room than this on the line.
constexpr std::size_t kMinFill = 40;
// The shortest encoded word append_word() is asked for: 12 characters of "=?utf-8?Q?" + "?="
// and room for any one character (4 octets: 12 in Q, 8 in B).
constexpr std::size_t kMinWord = 24;
constexpr std::size_t kMaxWord = 75;
constexpr std::size_t kOverhead = 12;

struct piece {
  std::size_t ws_begin;  // white space before the word
  std::size_t word_begin;
  std::size_t word_end;
  bool encode;
};

// True when `word` cannot appear as it is. RFC 2047 section 5: text that looks like an
// encoded-word ("=?") must itself be encoded, or a reader would decode it; 8-bit text needs
// encoding unless RFC 6532 raw UTF-8 is allowed; in a phrase, a word must be an atom.
bool must_encode(std::string_view word, bool raw_utf8, bool phrase) noexcept {
  if (word.size() > kMaxRaw || word.find("=?") != std::string_view::npos) return true;
  for (char ch : word) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      if (!raw_utf8) return true;
    } else if (c < 0x20 || c == 0x7F || (phrase && !chars::atext(c))) {
      return true;
    }
  }
  return false;
}

// A run of text that travels in encoded words: split at character boundaries into words of at
// most 75 characters (section 2), each placed where the line has room, separated by folding
// white space that readers drop (section 6.2).
void write_segment(header_writer& w, std::string_view ws, std::string_view text, bool phrase) {
  const std::size_t q_len = rfc2047::encoded_length(text, rfc2047::encoding::q);
  const std::size_t b_len = rfc2047::encoded_length(text, rfc2047::encoding::b);
  // "Q or B whichever is shorter", with Q kept unless B saves more than an eighth: Q leaves the
  // ASCII letters readable, and this gives the mailto spec's own "=?utf-8?Q?caf=C3=A9?=" (Q 9,
  // B 8 characters).
  const rfc2047::encoding e = b_len + q_len / 8 < q_len ? rfc2047::encoding::b : rfc2047::encoding::q;
  std::size_t left = e == rfc2047::encoding::q ? q_len : b_len;
  bool first = true;
  while (!text.empty()) {
    const std::size_t rest = kOverhead + left;
    const std::size_t room = w.open(first ? ws : std::string_view(" "), std::min(rest, kMinFill));
    std::string& out = w.out();
    const std::size_t before = out.size();
    const std::size_t used = append_word(out, text, e, std::clamp(room, kMinWord, kMaxWord), phrase);
    const std::size_t written = out.size() - before;
    w.advance(written);
    text.remove_prefix(used);
    if (e == rfc2047::encoding::q) {
      left -= std::min(left, written - kOverhead);
    } else {
      left = (text.size() + 2) / 3 * 4;
    }
    first = false;
  }
}

void write_words(header_writer& w, std::string_view v, bool raw_utf8, bool phrase) {
  thread_local std::vector<piece> pieces;
  pieces.clear();
  const std::size_t n = v.size();
  std::size_t i = 0;
  std::size_t trailing = n;
  for (;;) {
    const std::size_t ws_begin = i;
    while (i < n && chars::wsp(v[i])) ++i;
    if (i == n) {
      trailing = ws_begin;
      break;
    }
    const std::size_t word_begin = i;
    while (i < n && !chars::wsp(v[i])) ++i;
    pieces.push_back({ws_begin, word_begin, i, false});
  }
  if (pieces.empty()) {
    // Only white space: parsers strip it unless it is encoded.
    if (n > 0) write_segment(w, " ", v, phrase);
    return;
  }
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    piece& p = pieces[k];
    p.encode = p.encode || must_encode(v.substr(p.word_begin, p.word_end - p.word_begin), raw_utf8, phrase);
    const std::size_t ws = p.word_begin - p.ws_begin;
    // A raw word is written after its white space on a line of its own at worst: keep the two
    // together within kMaxRaw (an encoded word after long white space is at most 75 more).
    if (ws + (p.word_end - p.word_begin) > kMaxRaw) p.encode = true;
    if (k == 0) {
      // Leading white space is stripped by readers (Python, GMime) unless it is encoded.
      if (ws > 0) p.encode = true;
    } else if (ws > kMaxRaw || (phrase && (ws != 1 || v[p.ws_begin] != ' '))) {
      // A phrase's white space is one space between words; any other run travels encoded.
      p.encode = true;
      pieces[k - 1].encode = true;
    }
  }
  // Trailing white space is stripped by readers (GMime) unless it is encoded.
  if (trailing < n) pieces.back().encode = true;

  for (std::size_t k = 0; k < pieces.size();) {
    const piece& p = pieces[k];
    const std::string_view ws = v.substr(p.ws_begin, p.word_begin - p.ws_begin);
    if (!p.encode) {
      // The first word has no white space of its own (leading white space makes it encoded);
      // after other text of the field (a display name after "," in an address list) it needs
      // a fold point like any token, or a fold would start a line without white space.
      w.token(k == 0 ? std::string_view(" ") : ws, v.substr(p.word_begin, p.word_end - p.word_begin));
      ++k;
      continue;
    }
    // RFC 2047 section 5 (1): encoded words must be separated by linear-white-space, which
    // section 6.2 tells readers to drop between two encoded words: so the white space between
    // two words that both need encoding goes inside the encoded text, as one segment.
    std::size_t j = k;
    while (j + 1 < pieces.size() && pieces[j + 1].encode) ++j;
    const std::size_t seg_begin = k == 0 ? 0 : p.word_begin;
    const std::size_t seg_end = j + 1 == pieces.size() ? n : pieces[j].word_end;
    write_segment(w, k == 0 ? std::string_view(" ") : ws, v.substr(seg_begin, seg_end - seg_begin), phrase);
    k = j + 1;
  }
  if (pieces.capacity() > 4096) {
    pieces.clear();
    pieces.shrink_to_fit();  // do not keep a huge value's bookkeeping per thread
  }
}

}  // namespace

void header_writer::begin(std::string_view name) {
  out_ += name;
  out_ += ':';
  col_ = name.size() + 1;
  at_start_ = true;
  lead_space_ = true;
}

void header_writer::end() {
  out_ += "\r\n";
  col_ = 0;
  at_start_ = true;
  lead_space_ = false;
}

void header_writer::token(std::string_view ws, std::string_view text) {
  open(ws, text.size());
  out_ += text;
  col_ += text.size();
}

void header_writer::glue(std::string_view text) {
  out_ += text;
  col_ += text.size();
  at_start_ = false;
}

std::size_t header_writer::open(std::string_view ws, std::size_t need) {
  if (at_start_) {
    if (lead_space_) {
      out_ += ' ';
      ++col_;
    }
    at_start_ = false;
  } else {
    if (col_ + ws.size() + need > width_) {
      out_ += "\r\n";
      col_ = 0;
    }
    out_ += ws;
    col_ += ws.size();
  }
  return width_ > col_ ? width_ - col_ : 0;
}

void write_text(header_writer& w, std::string_view value, bool raw_utf8) { write_words(w, value, raw_utf8, false); }

void write_phrase(header_writer& w, std::string_view name, bool raw_utf8) {
  if (name.empty()) return;
  // RFC 5322 section 3.2.5: phrase = 1*word; word = atom / quoted-string. Atoms when every word
  // is one and they are separated by single spaces.
  bool atoms = name.size() <= kMaxRaw && name.front() != ' ' && name.back() != ' ';
  bool quotable = name.find("=?") == std::string_view::npos;
  // The quoted-string is one token, so it must fit kMaxRaw with its quotes and backslashes.
  std::size_t quoted_size = name.size() + 2;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c == '"' || c == '\\') ++quoted_size;
    if (c >= 0x80) {
      atoms = atoms && raw_utf8;
      quotable = quotable && raw_utf8;
    } else if (c == ' ') {
      atoms = atoms && name[i - 1] != ' ';
    } else if (!chars::atext(c)) {
      atoms = false;
      // RFC 5322 section 3.2.4: qtext / quoted-pair ("\" VCHAR / WSP); controls cannot be quoted.
      quotable = quotable && (c == '\t' || (c >= 0x20 && c < 0x7F));
    }
  }
  if (atoms && name.find("=?") == std::string_view::npos) {
    std::size_t i = 0;
    while (i < name.size()) {
      const std::size_t sp = std::min(name.find(' ', i), name.size());
      w.token(" ", name.substr(i, sp - i));
      i = sp + 1;
    }
    return;
  }
  if (quotable && quoted_size <= kMaxRaw) {
    // RFC 5322 section 3.2.4: quoted-string = DQUOTE *([FWS] qcontent) [FWS] DQUOTE; a quoted
    // string is written as one token (never folded inside).
    std::string q;
    q.reserve(name.size() + 8);
    q += '"';
    for (char c : name) {
      if (c == '"' || c == '\\') q += '\\';
      q += c;
    }
    q += '"';
    w.token(" ", q);
    return;
  }
  write_words(w, name, raw_utf8, true);
}

}  // namespace mailtokit::detail

namespace mailtokit::rfc2047 {

std::string encode_text(std::string_view utf8) {
  std::string out;
  detail::header_writer w(out, 0);
  detail::write_text(w, utf8, /*raw_utf8=*/false);
  return out;
}

std::string encode_phrase(std::string_view utf8) {
  std::string out;
  detail::header_writer w(out, 0);
  detail::write_phrase(w, utf8, /*raw_utf8=*/false);
  return out;
}

}  // namespace mailtokit::rfc2047
