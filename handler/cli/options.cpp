#include "cli/cli.hpp"

#include <string>
#include <string_view>

#include "base/i18n.hpp"
#include "mailtokit/bidi.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/utf8.hpp"

namespace mailtokit::cli {

// Text for a terminal: controls, bidi controls, line separators and invalid bytes are shown as
// escapes, never sent raw (a hostile link must not drive the terminal or reorder the display).
std::string printable(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  const char* it = s.data();
  const char* end = it + s.size();
  while (it != end) {
    const char* start = it;
    const auto b = static_cast<unsigned char>(*it);
    if (b < 0x80) {
      ++it;
      if (!append_control_escape(o, b, chars::hex_upper)) o += static_cast<char>(b);
      continue;
    }
    auto cp = utf8::decode(it, end);
    if (!cp) {
      it = start + 1;
      o += "\\x";
      o += chars::hex_upper[b >> 4];
      o += chars::hex_upper[b & 0xF];
      continue;
    }
    const char32_t c = *cp;
    const bool hidden =
        (c >= 0x80 && c <= 0x9F) || bidi::is_formatting(c) || c == 0x2028 || c == 0x2029 || c == 0xFEFF;
    if (hidden) {
      append_code_point_tag(o, c);
    } else {
      o.append(start, it);
    }
  }
  return o;
}

namespace {

// RFC 5322 section 3.2.3: atext = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
// "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~"
bool atext(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

// dot-atom-text = 1*atext *("." 1*atext)
bool dot_atom_text(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != std::string_view::npos) return false;
  for (const char c : s)
    if (c != '.' && !atext(c)) return false;
  return true;
}

bool digits(std::string_view s, std::size_t min, std::size_t max) {
  if (s.size() < min || s.size() > max) return false;
  for (const char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

int number(std::string_view s) {
  int n = 0;
  for (const char c : s) n = n * 10 + (c - '0');
  return n;
}

}  // namespace

std::string shown_value(std::string_view v) {
  std::string s = "'";
  for (std::size_t i = 0; i < v.size() && i < 80; ++i) {
    const auto b = static_cast<unsigned char>(v[i]);
    if (b < 0x20 || b == 0x7F) {
      append_control_escape(s, b, "0123456789ABCDEF");
    } else {
      s += static_cast<char>(b);
    }
  }
  if (v.size() > 80) s += "...";
  return s + "'";
}

bool valid_date_time(std::string_view s) {
  // RFC 5322 section 3.3 (without the obsolete forms):
  //   date-time = [ day-of-week "," ] date time [CFWS]
  //   date = day month year; time = time-of-day zone; time-of-day = hour ":" minute [ ":" second ]
  //   zone = (FWS ( "+" / "-" ) 4DIGIT)
  std::vector<std::string_view> t;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) t.push_back(s.substr(start, i - start));
  }
  static constexpr std::string_view days[] = {"Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"};
  static constexpr std::string_view months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (t.size() == 6) {
    if (std::find(std::begin(days), std::end(days), t[0]) == std::end(days)) return false;
    t.erase(t.begin());
  }
  if (t.size() != 5) return false;
  if (!digits(t[0], 1, 2) || number(t[0]) < 1 || number(t[0]) > 31) return false;
  if (std::find(std::begin(months), std::end(months), t[1]) == std::end(months)) return false;
  if (!digits(t[2], 4, 4) || number(t[2]) < 1900) return false;
  const std::string_view tm = t[3];
  if (tm.size() != 5 && tm.size() != 8) return false;
  if (!digits(tm.substr(0, 2), 2, 2) || tm[2] != ':' || !digits(tm.substr(3, 2), 2, 2)) return false;
  if (number(tm.substr(0, 2)) > 23 || number(tm.substr(3, 2)) > 59) return false;
  if (tm.size() == 8 && (tm[5] != ':' || !digits(tm.substr(6, 2), 2, 2) || number(tm.substr(6, 2)) > 60)) return false;
  const std::string_view zone = t[4];
  if (zone.size() != 5 || (zone[0] != '+' && zone[0] != '-') || !digits(zone.substr(1), 4, 4)) return false;
  return number(zone.substr(3, 2)) <= 59;
}

bool valid_msg_id(std::string_view s) {
  // RFC 5322 section 3.6.4: msg-id = [CFWS] "<" id-left "@" id-right ">" [CFWS]
  //   id-left = dot-atom-text; id-right = dot-atom-text / no-fold-literal
  //   no-fold-literal = "[" *dtext "]"
  if (s.size() < 5 || s.size() > 900 || s.front() != '<' || s.back() != '>') return false;
  s = s.substr(1, s.size() - 2);
  const std::size_t at = s.find('@');
  if (at == std::string_view::npos || !dot_atom_text(s.substr(0, at))) return false;
  const std::string_view right = s.substr(at + 1);
  if (right.size() >= 2 && right.front() == '[' && right.back() == ']') {
    for (const char c : right.substr(1, right.size() - 2))
      if (c < 33 || c > 126 || c == '[' || c == ']' || c == '\\') return false;  // dtext
    return true;
  }
  return dot_atom_text(right);
}

bool check_date_option(std::string_view date) {
  if (valid_date_time(date)) return true;
  report_error("usage", fill(tr("--date {0} is not a valid date-time"), {shown_value(date)}),
               tr("a date-time looks like \"Wed, 25 Nov 2026 18:30:00 +0000\": day, month name, year, "
                  "hours:minutes[:seconds], zone"),
               tr("give e.g. --date \"$(date -R)\", or leave it out for the current time"));
  return false;
}

bool apply_link_reading(const link_reading& o, parse_options& po, policy& p) {
  po.limits = o.lim;
  po.strict = o.strict;
  if (o.strict_utf8 && !o.charset.empty()) {
    report_error("usage", tr("--strict-utf8 and --charset exclude each other"), {}, tr("give one of them"));
    return false;
  }
  if (o.strict_utf8) po.on_invalid_utf8 = invalid_utf8::reject;
  if (!o.charset.empty()) {
    if (auto probe = charset::to_utf8("a", o.charset); !probe && probe.error().code == errc::unknown_charset) {
      report_error("unknown_charset", fill(tr("--charset {0} names no charset ICU knows"), {printable(o.charset)}),
                   {}, tr("give a name such as windows-1252 or iso-8859-1"));
      return false;
    }
    po.on_invalid_utf8 = invalid_utf8::legacy;
    po.legacy_charset = o.charset;
  }
  for (const auto& name : o.keep) {
    if (!p.keep(name)) {
      report_error("usage", fill(tr("--keep {0} is refused"), {printable(name)}), p.reason_to_drop(name));
      return false;
    }
  }
  for (const auto& name : o.drop) p.drop(name);
  return true;
}

void add_link_reading_options(CLI::App* cmd, link_reading& o, const std::string& max_input_help) {
  cmd->add_flag("--strict-utf8", o.strict_utf8,
                tr("refuse values that are not UTF-8 after percent-decoding (default: replace with U+FFFD)"));
  cmd->add_option("--charset", o.charset,
                  tr("read values that are not UTF-8 in this legacy charset (e.g. windows-1252), through ICU"))
      ->option_text("NAME");
  cmd->add_option("--keep", o.keep,
                  tr("also keep header field NAME (repeatable; file access, originator, MIME and HTML fields are refused)"))
      ->take_all()
      ->expected(1)
      ->option_text("NAME");
  cmd->add_option("--drop", o.drop, tr("do not keep header field NAME (repeatable)"))
      ->take_all()
      ->expected(1)
      ->option_text("NAME");
  add_number_option(cmd, "--max-input", o.lim.max_input, 1, max_input_limit, max_input_help);
  add_number_option(cmd, "--max-recipients", o.lim.max_recipients, 0, max_count_limit, tr("most to + cc + bcc addresses"));
  add_number_option(cmd, "--max-hfields", o.lim.max_hfields, 0, max_count_limit, tr("most header fields"));
}

}  // namespace mailtokit::cli
