// Fuzz target: the choices window's input and answer (handler/ask/format.cpp, dialog.cpp; issue
// 37): the first click's chooser and the Mail links window. Input: a file for mailtokit-ask, a
// NUL, then what the window printed. Properties:
// - decode() never accepts more options, groups or toggles than its bounds, an option of no
//   group, two chosen in a group, an id with a space or control, or an icon that is a path;
// - what it accepts encodes and decodes back to the same request;
// - window_answer_of() is `chosen` only with a button of the request, and then every choose,
//   address and toggle names what the request holds, once per group, and no address holds a
//   line break; exit 1 is always `closed`, any other but 0 `failed`.
#include <string>

#include "ask/dialog.hpp"
#include "ask/format.hpp"
#include "fuzz.hpp"

namespace {

using mailtokit::fuzz::show;
namespace ask = mailtokit::ask;

bool same(const ask::request& a, const ask::request& b) {
  if (a.title != b.title || a.headline != b.headline || a.icon != b.icon || a.default_id != b.default_id ||
      a.findings != b.findings || a.toggles.size() != b.toggles.size() || a.groups.size() != b.groups.size() ||
      a.options.size() != b.options.size() || a.buttons.size() != b.buttons.size())
    return false;
  for (std::size_t i = 0; i < a.toggles.size(); ++i)
    if (a.toggles[i].id != b.toggles[i].id || a.toggles[i].label != b.toggles[i].label ||
        a.toggles[i].on != b.toggles[i].on || a.toggles[i].off_note != b.toggles[i].off_note)
      return false;
  for (std::size_t i = 0; i < a.groups.size(); ++i)
    if (a.groups[i].id != b.groups[i].id || a.groups[i].heading != b.groups[i].heading ||
        a.groups[i].governed_by != b.groups[i].governed_by)
      return false;
  for (std::size_t i = 0; i < a.options.size(); ++i) {
    const auto &x = a.options[i], &y = b.options[i];
    if (x.group != y.group || x.id != y.id || x.label != y.label || x.icon != y.icon || x.example != y.example ||
        x.address != y.address || x.chosen != y.chosen)
      return false;
  }
  for (std::size_t i = 0; i < a.buttons.size(); ++i)
    if (a.buttons[i].id != b.buttons[i].id || a.buttons[i].label != b.buttons[i].label) return false;
  return true;
}

void check_request(const ask::request& r, std::string_view in) {
  MAILTOKIT_FUZZ_CHECK(r.options.size() <= ask::max_options && r.groups.size() <= ask::max_groups &&
                           r.toggles.size() <= ask::max_groups,
                       "over a bound: " + show(in));
  MAILTOKIT_FUZZ_CHECK(r.icon.find('/') == std::string::npos, "an icon that is a path: " + show(in));
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    const auto& o = r.options[i];
    bool grouped = false;
    for (const auto& g : r.groups) grouped = grouped || g.id == o.group;
    MAILTOKIT_FUZZ_CHECK(grouped, "an option of no group: " + show(in));
    for (const char c : o.id)
      MAILTOKIT_FUZZ_CHECK(c > 0x20 && c < 0x7F, "an option id with a space or control: " + show(in));
    for (std::size_t k = 0; k < i; ++k)
      MAILTOKIT_FUZZ_CHECK(!(r.options[k].group == o.group && r.options[k].chosen && o.chosen),
                           "two chosen in one group: " + show(in));
  }
}

void check_answer(const ask::request& r, const ask::window_answer& a, std::string_view in) {
  if (a.what != ask::window_answer::how::chosen) return;
  bool button = false;
  for (const auto& b : r.buttons) button = button || b.id == a.button;
  MAILTOKIT_FUZZ_CHECK(button, "an answer with a button the request does not have: " + show(in));
  for (const auto& [g, o] : a.choose) {
    bool held = false;
    for (const auto& opt : r.options) held = held || (opt.group == g && opt.id == o);
    MAILTOKIT_FUZZ_CHECK(held, "a choice the request does not hold: " + show(in));
    std::size_t times = 0;
    for (const auto& [g2, unused] : a.choose) times += g2 == g ? 1U : 0U;
    MAILTOKIT_FUZZ_CHECK(times == 1, "two choices in one group: " + show(in));
  }
  for (const auto& [g, text] : a.address) {
    bool group = false;
    for (const auto& x : r.groups) group = group || x.id == g;
    MAILTOKIT_FUZZ_CHECK(group, "an address for no group: " + show(in));
    MAILTOKIT_FUZZ_CHECK(text.find_first_of("\r\n") == std::string::npos, "an address with a line break: " + show(in));
  }
  for (const auto& [t, on] : a.toggles) {
    bool held = false;
    for (const auto& x : r.toggles) held = held || x.id == t;
    MAILTOKIT_FUZZ_CHECK(held, "a toggle the request does not hold: " + show(in));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  const auto nul = in.find('\0');
  const std::string_view file = in.substr(0, nul);
  const std::string_view out = nul == std::string_view::npos ? std::string_view() : in.substr(nul + 1);
  auto r = ask::decode(file);
  if (!r) return 0;
  check_request(*r, in);
  auto again = ask::decode(ask::encode(*r));
  MAILTOKIT_FUZZ_CHECK(again.has_value() && same(*r, *again), "encode(decode(x)) does not decode back: " + show(in));
  for (const int status : {0, 1, 2, 3}) {
    const auto a = ask::window_answer_of(*r, status, out);
    if (status == 1) MAILTOKIT_FUZZ_CHECK(a.what == ask::window_answer::how::closed, "exit 1 is not closed");
    if (status > 1) MAILTOKIT_FUZZ_CHECK(a.what == ask::window_answer::how::failed, "a failed window answered");
    check_answer(*r, a, in);
  }
  return 0;
}
