#include "mailtokit/policy.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "header/address_detail.hpp"
#include "header/header_text.hpp"
#include "mailto/html_text.hpp"
#include "mailto/mailto_sink.hpp"
#include "mailto/warn.hpp"
#include "text/scan.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"

namespace mailtokit {

namespace {

// A dropped field's name goes through every check below (41 names, 8 substring searches), so the
// comparisons are inline loops that look at the size first, and a search for a word runs only
// when the name holds every letter of it (letters(): most unknown names, "x-h1", hold few).

// The letters a-z of `s` as bits (bit 0: 'a').
constexpr std::uint32_t letters(std::string_view s) noexcept {
  std::uint32_t m = 0;
  for (char c : s)
    if (c >= 'a' && c <= 'z') m |= 1u << (c - 'a');
  return m;
}

// A word searched for in names, with its letters.
struct word {
  std::string_view text;
  std::uint32_t need;
  consteval word(const char* t) noexcept : text(t), need(letters(t)) {}  // NOLINT: implicit from literals
};

// `held` is letters(s).
bool contains(std::string_view s, std::uint32_t held, word part) noexcept {
  return (held & part.need) == part.need && s.find(part.text) != s.npos;
}

// Bit k set: `names` has a name of k bytes (k < 64).
template <std::size_t N>
constexpr std::uint64_t sizes_of(const std::array<std::string_view, N>& names) noexcept {
  std::uint64_t m = 0;
  for (std::string_view n : names) m |= std::uint64_t{1} << n.size();
  return m;
}

// Whether `s` is one of `names`; a name of a size none of them has is compared with none.
template <const auto& names>
bool one_of(std::string_view s) noexcept {
  static constexpr std::uint64_t sizes = sizes_of(names);
  if (s.size() >= 64 || ((sizes >> s.size()) & 1u) == 0) return false;
  for (std::string_view n : names)
    if (n.size() == s.size() && std::memcmp(n.data(), s.data(), s.size()) == 0) return true;
  return false;
}

// RFC 5322 section 3.6.8: field-name = 1*ftext
bool valid_field_name(std::string_view n) noexcept {
  if (n.empty()) return false;
  for (char c : n)
    if (!chars::ftext(c)) return false;
  return true;
}

// File and resource access: attach, attachment(s), insert, x-attach-file, ... in any spelling.
bool file_access(std::string_view n, std::uint32_t held) noexcept {
  return contains(n, held, "attach") || contains(n, held, "insert") || contains(n, held, "file") ||
         contains(n, held, "include");
}

// RFC 6068 section 3: "Originator fields like From and Date, fields related to routing
// (Apparently-To, Resent-*, etc.), trace fields [...] MUST be ignored."
constexpr std::array<std::string_view, 22> originator_names = {
    "from",          "sender",           "reply-to",      "return-path",        "apparently-to",
    "received",      "received-spf",     "date",          "message-id",         "delivered-to",
    "envelope-to",   "envelope-from",    "errors-to",     "mail-followup-to",   "mail-reply-to",
    "x-sender",      "x-envelope-from",  "x-envelope-to", "authentication-results", "dkim-signature",
    "domainkey-signature", "return-receipt-path"};
bool originator(std::string_view n) noexcept {
  return one_of<originator_names>(n) || n.starts_with("resent-") || n.starts_with("arc-") ||
         n.starts_with("x-original");
}

// RFC 6068 section 3: "MIME header fields (MIME-Version, Content-*) [...] MUST be ignored."
bool mime(std::string_view n) noexcept { return detail::is(n, "mime-version") || n.starts_with("content-"); }

bool html(std::string_view n, std::uint32_t held) noexcept { return contains(n, held, "html"); }

constexpr std::array<std::string_view, 6> tracking_names = {
    "disposition-notification-to", "disposition-notification-options", "generate-delivery-report",
    "prevent-nondelivery-report",  "original-recipient",               "x-confirm-reading-to"};
bool tracking(std::string_view n, std::uint32_t held) noexcept {
  return one_of<tracking_names>(n) || contains(n, held, "receipt") || contains(n, held, "tracking");
}

constexpr std::array<std::string_view, 5> news_names = {"newsgroups", "newshost", "followup-to", "news",
                                                        "x-newsreader"};

constexpr std::array<std::string_view, 8> default_kept = {"to",       "cc",          "bcc",       "subject",
                                                          "body",     "keywords",    "in-reply-to", "references"};

// The index of a lower-cased name in default_kept, or -1: policy::keeps() tests a bit for these
// (every link has some of them) instead of comparing strings.
constexpr int default_index(std::string_view n) noexcept {
  switch (n.size()) {
    case 2: return detail::is(n, "to") ? 0 : detail::is(n, "cc") ? 1 : -1;
    case 3: return detail::is(n, "bcc") ? 2 : -1;
    case 4: return detail::is(n, "body") ? 4 : -1;
    case 7: return detail::is(n, "subject") ? 3 : -1;
    case 8: return detail::is(n, "keywords") ? 5 : -1;
    case 10: return detail::is(n, "references") ? 7 : -1;
    case 11: return detail::is(n, "in-reply-to") ? 6 : -1;
    default: return -1;
  }
}

static_assert([] {
  for (std::size_t i = 0; i < default_kept.size(); ++i)
    if (default_index(default_kept[i]) != static_cast<int>(i)) return false;
  return true;
}());

// A name that can never be kept, and why; empty when it may be. `held`: letters(n).
std::string_view never_kept_reason(std::string_view n, std::uint32_t held) noexcept {
  if (!valid_field_name(n))
    return "this is not a valid header field name (RFC 5322 section 3.6.8 allows printable ASCII "
           "except ':'), so it cannot be a field of the message";
  if (originator(n))
    return "originator, routing and trace fields are set by your mail program, never by a link "
           "(RFC 6068 section 3: they MUST be ignored)";
  if (mime(n))
    return "MIME fields are set by the program that writes the message; a link may not choose them "
           "(RFC 6068 sections 2 and 3: they MUST be ignored)";
  if (file_access(n, held))
    return "a link may never attach, insert or read files or other resources: it could send your "
           "files to someone else (RFC 6068 section 7), so this field is always refused";
  if (html(n, held))
    return "HTML from a link never becomes HTML in the draft (RFC 6068 section 2 defines only a "
           "plain-text 'body'); an 'html-body' or 'html-part' becomes the plain-text body only when "
           "the link has no 'body', and only one of them";
  return {};
}

std::string_view never_kept_reason(std::string_view n) noexcept { return never_kept_reason(n, letters(n)); }

bool has_pct_triplet(std::string_view n) noexcept {
  for (std::size_t i = n.find('%'); i != n.npos; i = n.find('%', i + 1))
    if (i + 2 < n.size() && percent::hex_value(n[i + 1]) >= 0 && percent::hex_value(n[i + 2]) >= 0) return true;
  return false;
}

// Why a keepable name that the policy does not keep is dropped. `held`: letters(n).
std::string_view not_kept_reason(std::string_view n, std::uint32_t held) noexcept {
  if (default_index(n) >= 0) return "the application's policy does not accept this field from links";
  if (tracking(n, held))
    return "read receipts and tracking requests are not accepted from links: they would tell the "
           "link's author when you read or send mail";
  if (one_of<news_names>(n)) return "Usenet fields are not supported: a mailto link makes a mail draft, not a news post";
  if (has_pct_triplet(n))
    return "unknown header field: its name still holds percent-encoding after being decoded once "
           "(it was encoded twice), so it is not the field it may look like, and unknown fields are "
           "dropped (RFC 6068 section 3 calls them especially suspect)";
  return "unknown header field: fields this program does not know are dropped (RFC 6068 section 3 "
         "calls them especially suspect)";
}

// The name a kept field gets in the draft: "in-reply-to" -> "In-Reply-To".
std::string canonical_name(std::string_view n) {
  std::string out(n);
  bool start = true;
  for (char& c : out) {
    if (start && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    start = c == '-';
  }
  return out;
}

void warn(draft& d, std::size_t cap, warning_code code, std::string_view field, std::string message,
          std::size_t offset) {
  detail::warn(d.warnings, cap, code, field, std::move(message), offset);
}

// Unicode tag characters (U+E0000-U+E007F, "Tags" in Unicode 15 section 23.9) in the valid UTF-8
// text `s` removed: they show as nothing and can carry hidden text (to a program reading the
// message, for instance); in a header value they have no visible use. UTF-8 F3 A0 80 80 to
// F3 A0 81 BF. True when one was removed.
bool remove_tag_characters(std::string& s) {
  std::size_t i = s.find('\xF3');
  if (i == s.npos) return false;
  const auto tag_at = [&s](std::size_t k) {
    return k + 3 < s.size() && s[k] == '\xF3' && s[k + 1] == '\xA0' &&
           (s[k + 2] == '\x80' || s[k + 2] == '\x81');
  };
  std::size_t o = i;
  bool removed = false;
  while (i < s.size()) {
    if (tag_at(i)) {
      removed = true;
      i += 4;
    } else {
      s[o++] = s[i++];
    }
  }
  s.resize(o);
  return removed;
}

// RFC 5322 section 3.6: fields that may occur at most once besides To/Cc/Bcc/Subject.
bool single_valued(std::string_view n) noexcept { return detail::is(n, "in-reply-to") || detail::is(n, "references"); }

// Why the lower-cased name `n`, which the policy does not keep, is dropped. keep() never admits a
// name that can never be kept, so a kept name needs no further check. The reasons are constant
// text.
std::string_view drop_reason(std::string_view n) noexcept {
  const std::uint32_t held = letters(n);
  if (std::string_view r = never_kept_reason(n, held); !r.empty()) return r;
  return not_kept_reason(n, held);
}

// reason_to_drop() for a lower-cased name.
std::string_view reason_lower(const policy& p, std::string_view n) noexcept {
  if (p.keeps(n)) return {};
  return drop_reason(n);
}

// The HTML body a draft without 'body' takes its text from: the first 'html-body', else the first
// 'html-part' (Thunderbird's order: "html-body trumps earlier html-part"), as dropped.
struct html_source {
  std::size_t index = static_cast<std::size_t>(-1);  // in draft::dropped
  std::size_t offset = 0;                            // of the value in the URI
  bool html_body = false;
};

// One hfield into the draft (kept, merged or dropped); may take f's strings. `cap`: the bound on
// d.warnings (limits::max_warnings). `clean`: the parser knows the value needs no cleaning
// (mailto_sink::value_clean). `spare`: heap buffers of earlier drafts, for a dropped field's reason.
void apply_one(draft& d, hfield& f, const policy& p, html_source& html, std::size_t cap, bool clean = false,
               std::vector<std::string>* spare = nullptr) {
  if (!p.keeps(f.name)) {
    const bool body = detail::is(f.name, "html-body");
    if ((body || detail::is(f.name, "html-part")) &&
        (html.index == static_cast<std::size_t>(-1) || (body && !html.html_body)))
      html = html_source{d.dropped.size(), f.value_offset, body};
    // Filled in place: a dropped_field built aside and pushed was six string moves, not three.
    dropped_field& out = d.dropped.emplace_back();
    if (spare != nullptr && !spare->empty()) {
      out.reason.swap(spare->back());
      spare->pop_back();
    }
    out.reason.assign(drop_reason(f.name));
    out.name = std::move(f.name);
    out.value = std::move(f.value);
    return;
  }
  const int k = default_index(f.name);  // 0 to, 1 cc, 2 bcc, 3 subject, 4 body, ... or -1
  // RFC 6068 section 2: "to" in the path and every to/cc/bcc hfield accumulate in order.
  if (k >= 0 && k <= 2) {
    auto& list = k == 0 ? d.to : k == 1 ? d.cc : d.bcc;
    if (list.empty())
      list = std::move(f.addresses);
    else
      for (auto& a : f.addresses) list.push_back(std::move(a));
    return;
  }
  if (k == 4) {  // body
    const auto changes = clean ? detail::body_changes{} : detail::clean_body_text(f.value);
    if (changes.line_breaks)
      warn(d, cap, warning_code::body_line_breaks_normalized, "body",
           "bare CR or LF in the body became CRLF (RFC 6068 section 5: line breaks MUST be %0D%0A)", f.value_offset);
    if (changes.controls) warn(d, cap, warning_code::body_controls_removed, "body", "control characters in the body were removed", f.value_offset);
    if (d.body) {
      warn(d, cap, warning_code::repeated_field, "body", "'body' appears more than once; the values were joined with a line break", f.offset);
      *d.body += "\r\n";
      *d.body += f.value;
    } else {
      d.body = std::move(f.value);
    }
    return;
  }
  // RFC 6068 section 7: no line break or control character reaches a header field value.
  if (!clean && detail::clean_header_text(f.value))
    warn(d, cap, warning_code::header_controls_removed, f.name,
         "line breaks or control characters in '" + f.name +
             "' were removed (a line break followed by white space was unfolded, other line breaks "
             "became spaces)",
         f.value_offset);
  if (remove_tag_characters(f.value))
    warn(d, cap, warning_code::tag_characters_removed, f.name,
         "invisible Unicode tag characters (U+E0000 to U+E007F) in '" + f.name +
             "' were removed: they show as nothing and can hide text",
         f.value_offset);
  if (k == 3) {  // subject
    if (d.subject) warn(d, cap, warning_code::repeated_field, "subject", "'subject' appears more than once; the last one is used", f.offset);
    d.subject = std::move(f.value);
    return;
  }
  std::string name = canonical_name(f.name);
  if (single_valued(f.name)) {
    auto same = std::find_if(d.headers.begin(), d.headers.end(), [&](const header_field& h) { return h.name == name; });
    if (same != d.headers.end()) {
      warn(d, cap, warning_code::repeated_field, f.name, "'" + f.name + "' appears more than once; the last one is used", f.offset);
      d.headers.erase(same);
    }
  }
  d.headers.push_back(header_field{std::move(name), std::move(f.value)});
}

// A link with an HTML body and no 'body': its text becomes the body (a link's HTML never becomes
// HTML in the draft). With a 'body', the HTML stays dropped, and its reason says why.
void body_from_html(draft& d, const policy& p, const html_source& html, std::size_t cap) {
  if (html.index >= d.dropped.size()) return;
  dropped_field& f = d.dropped[html.index];
  if (d.body) {
    f.reason =
        "the link has a plain-text 'body', which the draft uses; its HTML version is not used (a link's "
        "HTML never becomes HTML in the draft)";
    return;
  }
  if (!p.keeps("body")) return;
  // The text is never much longer than its HTML (a link target is written once, as in the HTML;
  // "<li>" is "- "): twice the HTML bounds it with room to spare.
  detail::html_text t = detail::html_to_text(f.value, 2 * f.value.size() + 64);
  if (t.text.empty()) {
    f.reason = "this HTML holds no text to use as the body (a link's HTML never becomes HTML in the draft)";
    return;
  }
  if (detail::clean_body_text(t.text).controls)
    warn(d, cap, warning_code::body_controls_removed, "body", "control characters in the body were removed", html.offset);
  warn(d, cap, warning_code::html_body_converted, "body",
       "the link has no plain-text body; its '" + f.name +
           "' was turned into plain text for the body (text, line breaks and link targets; nothing fetched, "
           "no HTML kept)" +
           (t.truncated ? std::string("; it nests too deep or is too long and was cut where that happened")
                        : ""),
       html.offset);
  d.body = std::move(t.text);
  d.dropped.erase(d.dropped.begin() + static_cast<std::ptrdiff_t>(html.index));
}

// Warnings in input order, whichever step found them.
void sort_warnings(draft& d) {
  if (d.warnings.size() > 1)
    std::stable_sort(d.warnings.begin(), d.warnings.end(),
                     [](const warning& a, const warning& b) { return a.offset < b.offset; });
}

// The warnings for each address of `d` that a mail program reads as other addresses, though
// mailtokit reads it as it is (parse_draft() and apply_policy() alike): address_decodes_again
// (decodes_again()), display_name_separators (name_holds_separators()) and
// address_compatibility_characters (compatibility_separators()). `parsed`: every address was
// made by the parser here (parse_draft(), draft_parser), so the domain needs no NFKC pass
// (detail::compatibility_separators_parsed()); apply_policy() may be given addresses made by hand.
void warn_readers(draft& d, bool parsed, std::size_t cap) {
  const std::pair<const std::vector<address>*, std::string_view> lists[] = {{&d.to, "to"}, {&d.cc, "cc"}, {&d.bcc, "bcc"}};
  for (const auto& [list, field] : lists)
    for (const auto& a : *list) {
      // The address as the warnings show it, built only for an address that gets one.
      const auto shown = [&a] { return "'" + (a.valid ? a.unicode() : a.original) + "'"; };
      if (parsed ? detail::decodes_again_parsed(a) : decodes_again(a))
        detail::warn(d.warnings, cap, warning_code::address_decodes_again, field,
                     shown() + (a.display_name.empty() ? std::string() : " (display name '" + a.display_name + "')") +
                         " holds a percent escape or an encoded word ('=?...?='); mailtokit reads it as it is, but "
                         "mail programs decode it again and can read another address out of it",
                     static_cast<std::size_t>(-1));
      if (!a.display_name.empty() && name_holds_separators(a.display_name))
        detail::warn(d.warnings, cap, warning_code::display_name_separators, field,
                     "the display name '" + a.display_name + "' of " + shown() +
                         " holds '@', '<', '>', ',' or ';' (or a form of one): webmails that split at every comma, "
                         "and mail programs that decode the name again, can read other addresses out of it",
                     static_cast<std::size_t>(-1));
      if (parsed ? detail::compatibility_separators_parsed(a) : compatibility_separators(a))
        detail::warn(d.warnings, cap, warning_code::address_compatibility_characters, field,
                     shown() +
                         " holds compatibility characters (fullwidth or small forms) that mail programs map to "
                         "'@', ',' or other separators, and so read other addresses out of it",
                     static_cast<std::size_t>(-1));
    }
}

draft apply(mailto_uri&& uri, const policy& p) {
  draft d;
  d.to = std::move(uri.to);
  d.warnings = std::move(uri.warnings);
  html_source html;
  // apply_policy() is given no limits: the default bound on warnings.
  const std::size_t cap = limits{}.max_warnings;
  for (auto& f : uri.hfields) apply_one(d, f, p, html, cap);
  warn_readers(d, false, cap);
  body_from_html(d, p, html, cap);
  sort_warnings(d);
  return d;
}

// The sink of parse_draft() and draft_parser: the policy applied to each hfield as it is read.
// With `spare` and `originals` (draft_parser), the parser decodes into buffers of earlier drafts.
class apply_each final : public detail::mailto_sink {
 public:
  apply_each(draft& d, const policy& p, std::size_t max_warnings, std::vector<std::string>* spare_buffers,
             std::vector<std::string>* originals) noexcept
      : mailto_sink(d.to, d.warnings), d_(d), p_(p), cap_(max_warnings) {
    spare = spare_buffers;
    spare_originals = originals;
  }
  void field(hfield& f) override { apply_one(d_, f, p_, html, cap_, value_clean, spare); }
  void reset() override {
    d_ = draft{};
    html = {};
  }

  html_source html;  // the HTML body, if any, that body_from_html() may use

 private:
  draft& d_;
  const policy& p_;
  std::size_t cap_;
};

// parse_draft()'s work into the empty draft `d`.
// Where the link spells the first "=?" or percent escape that decodes_again() finds in its
// decoded text: the first '=' followed by '?' (raw or %3F), or "%25" followed by two hex digits
// (raw or escaped); 0 when none is found (the error's offset).
std::size_t decodes_again_offset(std::string_view uri) {
  auto at = [&](std::size_t i, std::size_t& width) -> char {
    width = 1;
    if (uri[i] == '%' && i + 2 < uri.size() && chars::hexdig(uri[i + 1]) && chars::hexdig(uri[i + 2])) {
      width = 3;
      return static_cast<char>(percent::hex_value(uri[i + 1]) * 16 + percent::hex_value(uri[i + 2]));
    }
    return uri[i];
  };
  for (std::size_t i = 0; i < uri.size();) {
    std::size_t w = 1, w2 = 1;
    const char c = at(i, w);
    if (i + w < uri.size()) {
      const char next = at(i + w, w2);
      if ((c == '=' && next == '?') || (c == '%' && w == 3 && chars::hexdig(next))) return i;
    }
    i += w;
  }
  return 0;
}

// An address holding text that mail programs decode again (decodes_again()) or read as
// separators (name_holds_separators(), compatibility_separators()) is read as it is, with a
// warning (warn_readers()); strict refuses the link.
result<void> check_decodes_again(std::string_view uri, const parse_options& options, draft& d) {
  if (options.strict)
    for (const auto* list : {&d.to, &d.cc, &d.bcc})
      for (const auto& a : *list) {
        if (detail::decodes_again_parsed(a)) return fail(errc::address_decodes_again, decodes_again_offset(uri));
        if (!a.display_name.empty() && name_holds_separators(a.display_name))
          return fail(errc::display_name_separators, 0);
        if (detail::compatibility_separators_parsed(a)) return fail(errc::address_compatibility_characters, 0);
      }
  warn_readers(d, true, options.limits.max_warnings);
  return {};
}

result<void> parse_into(std::string_view uri, const parse_options& options, const policy& p, draft& d,
                        std::vector<std::string>* spare, std::vector<std::string>* originals) {
  apply_each sink(d, p, options.limits.max_warnings, spare, originals);
  if (auto r = detail::parse_mailto_into(uri, options, sink); !r) return r;
  if (auto r = check_decodes_again(uri, options, d); !r) return r;
  body_from_html(d, p, sink.html, options.limits.max_warnings);
  sort_warnings(d);
  return {};
}

// Move the heap buffers of `d`'s strings to `spare` (short strings live inside the object and
// are not worth keeping) and empty `d`, keeping its lists' capacity. The addresses' `original`
// buffers go to `originals`, as many as a list of limits::max_recipients' default holds: a
// 500-recipient link allocated and freed 436 of its 500 when they shared the 64 of `spare`.
void recycle(draft& d, std::vector<std::string>& spare, std::vector<std::string>& originals) {
  constexpr std::size_t max_spare = 1000;
  constexpr std::size_t max_originals = 1000;
  // Content does not matter (buffer() users overwrite it); the capacity does.
  const auto keep = [&spare](std::string& s) {
    if (s.capacity() > 15 && spare.size() < max_spare) spare.push_back(std::move(s));
  };
  for (auto* list : {&d.to, &d.cc, &d.bcc}) {
    if (list->empty()) continue;
    for (auto& a : *list) {
      if (a.original.capacity() > 15 && originals.size() < max_originals) originals.push_back(std::move(a.original));
      keep(a.local_part);
      keep(a.domain);
      keep(a.domain_ascii);
      keep(a.display_name);
    }
    list->clear();
  }
  if (d.subject) {
    keep(*d.subject);
    d.subject.reset();
  }
  if (d.body) {
    keep(*d.body);
    d.body.reset();
  }
  if (!d.headers.empty()) {
    for (auto& h : d.headers) keep(h.value);
    d.headers.clear();
  }
  if (!d.dropped.empty()) {
    for (auto& f : d.dropped) {
      keep(f.value);
      keep(f.reason);
    }
    d.dropped.clear();
  }
  d.warnings.clear();
  d.from.reset();
}

}  // namespace

draft_parser::draft_parser(parse_options options, mailtokit::policy p)
    : options_(std::move(options)), policy_(std::move(p)) {}

result<void> draft_parser::parse(std::string_view uri) {
  try {
    recycle(draft_, spare_, spare_originals_);
    auto r = parse_into(uri, options_, policy_, draft_, &spare_, &spare_originals_);
    if (!r) recycle(draft_, spare_, spare_originals_);
    return r;
  } catch (const std::bad_alloc&) {
    // recycle() may allocate (the list of spare buffers grows): out of memory, the draft and the
    // spare buffers are let go instead, which allocates nothing.
    draft_ = draft{};
    spare_.clear();
    spare_originals_.clear();
    return fail(errc::no_memory, 0);
  }
}

policy policy::defaults() {
  policy p;
  p.kept_.reserve(default_kept.size());
  for (auto n : default_kept) p.kept_.emplace_back(n);
  p.common_ = (1u << default_kept.size()) - 1;
  return p;
}

bool policy::keeps(std::string_view n) const noexcept {
  if (const int k = default_index(n); k >= 0) return ((common_ >> k) & 1u) != 0;
  // Every name of kept_ that is a default one has its bit in common_: when they are all, no other
  // name is kept (the default policy), and a dropped field's name is compared with none.
  // (The count of common_'s bits from a table: std::popcount is a call into libgcc on x86-64's
  // baseline, which has no POPCNT instruction, and this runs for every dropped field.)
  static constexpr auto bits = [] {
    std::array<unsigned char, 1u << default_kept.size()> t{};
    for (std::size_t v = 0; v < t.size(); ++v) t[v] = static_cast<unsigned char>(std::popcount(v));
    return t;
  }();
  if (kept_.size() == bits[common_ & (bits.size() - 1)]) return false;
  return std::find(kept_.begin(), kept_.end(), n) != kept_.end();
}

bool policy::keep(std::string_view name) {
  const std::string n = chars::lowered(name);
  if (!never_kept_reason(n).empty()) return false;
  if (std::find(kept_.begin(), kept_.end(), n) == kept_.end()) kept_.push_back(n);
  if (const int k = default_index(n); k >= 0) common_ |= 1u << k;
  return true;
}

void policy::drop(std::string_view name) {
  const std::string n = chars::lowered(name);
  kept_.erase(std::remove(kept_.begin(), kept_.end(), n), kept_.end());
  if (const int k = default_index(n); k >= 0) common_ &= ~(1u << k);
}

std::string policy::reason_to_drop(std::string_view name) const {
  return std::string(reason_lower(*this, chars::lowered(name)));
}

draft apply_policy(const mailto_uri& uri, const policy& p) { return apply(mailto_uri(uri), p); }

result<draft> parse_draft(std::string_view uri, const parse_options& options, const policy& p) {
  try {
    draft d;
    if (auto r = parse_into(uri, options, p, d, nullptr, nullptr); !r) return r.error();
    return d;
  } catch (const std::bad_alloc&) {
    return fail(errc::no_memory, 0);
  }
}

}  // namespace mailtokit
