#include "mailto/html_text.hpp"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "mailtokit/chars.hpp"

namespace mailtokit::detail {
namespace {

// What an element does to the text. libxml2's HTML parser gives element names in lower case.
enum class role {
  inline_text,
  line,
  paragraph,
  skipped,
  line_break,
  list_item,
  cell,
  link,
  image,
  preformatted
};

template <std::size_t N>
bool one_of(std::string_view name, const std::string_view (&names)[N]) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

role role_of(const xmlNode* n) {
  const std::string_view name = n->name != nullptr ? reinterpret_cast<const char*>(n->name) : "";
  // Content a reader never sees in the body: the document's head, programs, style sheets.
  static constexpr std::string_view skipped[] = {"head",     "title",   "script",  "style",
                                                 "template", "noembed", "frameset"};
  // HTML's block elements (WHATWG HTML section 15.3.3 "display: block"), by how much space
  // a plain-text reader expects around them.
  static constexpr std::string_view paragraphs[] = {"p",  "h1", "h2", "h3",         "h4",    "h5", "h6",
                                                    "ul", "ol", "dl", "blockquote", "table", "hr", "menu"};
  static constexpr std::string_view lines[] = {
      "div",    "tr",         "dt",      "dd",     "section", "article", "header",   "footer", "nav",
      "aside",  "main",       "address", "center", "details", "summary", "fieldset", "legend", "caption",
      "figure", "figcaption", "form",    "body",   "html",    "option",  "thead",    "tbody",  "tfoot"};
  if (one_of(name, skipped)) return role::skipped;
  if (name == "br") return role::line_break;
  if (name == "li") return role::list_item;
  if (name == "td" || name == "th") return role::cell;
  if (name == "a") return role::link;
  if (name == "img") return role::image;
  if (name == "pre" || name == "listing" || name == "xmp" || name == "plaintext") return role::preformatted;
  if (one_of(name, paragraphs)) return role::paragraph;
  if (one_of(name, lines)) return role::line;
  return role::inline_text;
}

std::string attribute(const xmlNode* n, const char* name) {
  xmlChar* v = xmlGetProp(n, reinterpret_cast<const xmlChar*>(name));
  if (v == nullptr) return {};
  std::string s(reinterpret_cast<const char*>(v));
  xmlFree(v);
  return s;
}

constexpr bool is_html_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_html_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_html_space(s.back())) s.remove_suffix(1);
  return s;
}

// A link target worth keeping as text: one a reader can use from a plain-text message (web,
// mail and phone addresses). Others (javascript:, data:, relative paths, "#top") mean nothing
// outside the page, or something that should not be copied.
bool usable_target(std::string_view href) {
  static constexpr std::string_view schemes[] = {"http:", "https:", "mailto:", "tel:", "ftp:"};
  for (std::string_view s : schemes) {
    if (href.size() <= s.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < s.size() && same; ++i) same = chars::lower(href[i]) == s[i];
    if (same) return true;
  }
  return false;
}

// The text being written: collapses white space, owes line breaks until text follows them (so
// that empty elements add no empty lines), stops at the output limit.
class text_writer {
 public:
  explicit text_writer(std::size_t max_output) : max_(max_output) {}

  // At least `n` line ends (1 a line break, 2 a blank line) before the next text.
  void owe_breaks(int n) {
    breaks_ = std::max(breaks_, n);
    space_ = false;
  }
  void owe_space() {
    if (breaks_ == 0) space_ = true;
  }
  void prefix(std::string_view p) { prefix_ = p; }
  // <br>: a line end that is not collapsed with the next one ("a<br><br>b" has a blank line).
  void line_break() {
    settle();
    trim_spaces();
    out_ += '\n';
    space_ = false;
  }
  // Text outside <pre>: runs of white space are one space.
  void text(std::string_view s) {
    for (const char c : s) {
      if (is_html_space(c)) {
        owe_space();
        continue;
      }
      settle();
      out_ += c;
    }
    check_limit();
  }
  // Text inside <pre>: as written, with CRLF and CR as LF.
  void preformatted(std::string_view s) {
    if (s.empty()) return;
    settle();
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '\r') {
        out_ += '\n';
        if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
      } else {
        out_ += s[i];
      }
    }
    check_limit();
  }
  [[nodiscard]] std::size_t size() const noexcept { return out_.size(); }
  [[nodiscard]] std::string_view since(std::size_t at) const { return std::string_view(out_).substr(at); }
  [[nodiscard]] bool full() const noexcept { return full_; }

  // The text: no trailing white space on a line, no empty lines at the start or end.
  std::string finish() {
    std::string done;
    done.reserve(out_.size());
    std::size_t line_start = 0;
    for (const char c : out_) {
      if (c == '\n') {
        while (done.size() > line_start && (done.back() == ' ' || done.back() == '\t')) done.pop_back();
        if (done.size() > 0) done += '\n';  // no empty lines at the start
        line_start = done.size();
      } else {
        done += c;
      }
    }
    while (!done.empty() && (done.back() == '\n' || done.back() == ' ' || done.back() == '\t'))
      done.pop_back();
    return done;
  }

 private:
  // Before text: the owed line ends (less those already written), the owed space, the prefix.
  void settle() {
    if (breaks_ > 0 && !out_.empty()) {
      trim_spaces();
      int have = 0;
      for (std::size_t i = out_.size(); i > 0 && out_[i - 1] == '\n' && have < 2; --i) ++have;
      for (int k = have; k < breaks_; ++k) out_ += '\n';
    } else if (space_ && !out_.empty() && out_.back() != '\n' && out_.back() != ' ') {
      out_ += ' ';
    }
    breaks_ = 0;
    space_ = false;
    if (!prefix_.empty()) {
      out_ += prefix_;
      prefix_ = {};
    }
  }
  void trim_spaces() {
    while (!out_.empty() && out_.back() == ' ') out_.pop_back();
  }
  void check_limit() {
    if (out_.size() <= max_) return;
    // Cut at a character boundary.
    std::size_t n = max_;
    while (n > 0 && (static_cast<unsigned char>(out_[n]) & 0xC0u) == 0x80u) --n;
    out_.resize(n);
    full_ = true;
  }

  std::string out_;
  std::size_t max_;
  int breaks_ = 0;
  bool space_ = false;
  bool full_ = false;
  std::string_view prefix_;
};

struct doc_deleter {
  void operator()(xmlDoc* d) const { xmlFreeDoc(d); }
};
struct context_deleter {
  void operator()(htmlParserCtxt* c) const { htmlFreeParserCtxt(c); }
};

// libxml2 wants xmlInitParser() once before threads use it (its documentation: "call this
// routine early" in multithreaded programs); a function-local static runs it once, thread-safely.
void init_libxml2() {
  static const bool done = [] {
    xmlInitParser();
    return true;
  }();
  (void)done;
}

// The walk over the parsed document: what each element writes when it is entered and left.
struct html_walker {
  text_writer& w;
  std::vector<std::size_t> link_starts;  // where the text of each open <a> starts
  int pre = 0;                           // open <pre> elements

  // True when the walk goes into the node's children.
  bool enter(const xmlNode* n) {
    if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
      if (n->content != nullptr) {
        const std::string_view t = reinterpret_cast<const char*>(n->content);
        if (pre > 0)
          w.preformatted(t);
        else
          w.text(t);
      }
      return false;
    }
    if (n->type != XML_ELEMENT_NODE) return false;
    switch (role_of(n)) {
      case role::skipped:
        return false;
      case role::line_break:
        w.line_break();
        return false;
      case role::image: {
        const std::string alt(trimmed(attribute(n, "alt")));
        if (!alt.empty()) {
          w.owe_space();
          w.text("[" + alt + "]");
          w.owe_space();
        }
        return false;
      }
      case role::paragraph:
        w.owe_breaks(2);
        break;
      case role::line:
        w.owe_breaks(1);
        break;
      case role::list_item:
        w.owe_breaks(1);
        w.prefix("- ");
        break;
      case role::cell:
        w.owe_space();
        break;
      case role::preformatted:
        w.owe_breaks(2);
        ++pre;
        break;
      case role::link:
        link_starts.push_back(w.size());
        break;
      case role::inline_text:
        break;
    }
    return true;
  }

  void leave(const xmlNode* n) {
    if (n->type != XML_ELEMENT_NODE) return;
    switch (role_of(n)) {
      case role::paragraph:
        w.owe_breaks(2);
        break;
      case role::line:
      case role::list_item:
        w.owe_breaks(1);
        break;
      case role::preformatted:
        w.owe_breaks(2);
        --pre;
        break;
      case role::cell:
        w.owe_space();
        break;
      case role::link:
        end_link(n);
        break;
      default:
        break;
    }
  }

  // The end of an <a>: "text (https://x)"; a link whose text is its target, with or without
  // "mailto:", once.
  void end_link(const xmlNode* n) {
    const std::size_t start = link_starts.empty() ? w.size() : link_starts.back();
    if (!link_starts.empty()) link_starts.pop_back();
    const std::string href(trimmed(attribute(n, "href")));
    if (!usable_target(href)) return;
    const std::string_view label = trimmed(w.since(start));
    std::string_view bare = href;
    if (bare.size() > 7 && chars::lower(bare[0]) == 'm' && bare.find(':') == 6) bare.remove_prefix(7);
    if (label == href || label == bare) return;
    if (label.empty()) {
      w.text(href);
    } else {
      w.owe_space();
      w.text("(" + href + ")");
    }
  }

  // Depth-first, without recursion (the depth is libxml2's limit, but a loop needs no stack).
  void walk(const xmlNode* top) {
    const xmlNode* n = top->children;
    while (n != nullptr && !w.full()) {
      if (enter(n) && n->children != nullptr) {
        n = n->children;
        continue;
      }
      for (;;) {
        leave(n);
        if (n->next != nullptr) {
          n = n->next;
          break;
        }
        n = n->parent;
        if (n == nullptr || n == top) {
          n = nullptr;
          break;
        }
      }
    }
  }
};

}  // namespace

html_text html_to_text(std::string_view html, std::size_t max_output) {
  html_text result;
  if (trimmed(html).empty()) return result;
  init_libxml2();
  std::unique_ptr<htmlParserCtxt, context_deleter> ctxt(htmlNewParserCtxt());
  if (!ctxt || html.size() > static_cast<std::size_t>(INT_MAX)) {
    result.truncated = true;
    return result;
  }
  // NONET: no network access even for a DTD; NOERROR/NOWARNING: nothing printed on stderr;
  // IGNORE_ENC: the text is UTF-8 whatever a <meta charset> says; NODEFDTD: no DOCTYPE added.
  // Not HUGE: libxml2's nesting limit (256) stays. Not NOBLANKS: a space between two inline
  // elements is a space. The HTML parser never loads external entities or DTDs.
  constexpr int options = HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                          HTML_PARSE_IGNORE_ENC | HTML_PARSE_NODEFDTD | HTML_PARSE_COMPACT;
  std::unique_ptr<xmlDoc, doc_deleter> doc(
      htmlCtxtReadMemory(ctxt.get(), html.data(), static_cast<int>(html.size()), nullptr, "UTF-8", options));
  // A fatal error (nesting past the limit) stops the parser: what it read so far is kept.
  if (ctxt->disableSAX != 0) result.truncated = true;
  if (!doc) return result;

  text_writer w(max_output);
  html_walker walker{w, {}, 0};
  walker.walk(reinterpret_cast<const xmlNode*>(doc.get()));
  result.truncated = result.truncated || w.full();
  result.text = w.finish();
  return result;
}

}  // namespace mailtokit::detail
