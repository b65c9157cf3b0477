#include "ask/question.hpp"

#include <algorithm>

#include "ask/details.hpp"
#include "ask/notice.hpp"
#include "ask/policy.hpp"
#include "ask/risks.hpp"
#include "ask/values.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask {

using namespace words;

namespace {

static_assert(question_title == "mailtokit: check this link before it opens", "tr() below says the same");

// Risky sentences shown before "... and N more"; with two told ones and three choices the
// question stays within about twelve lines (a 1280x800 screen without scrolling).
constexpr std::size_t max_risky = 4;

// The risky findings that stay when the hidden recipients are removed.
bool risk_beyond_bcc(const draft& d, const std::vector<preview::finding>& findings) {
  for (const auto& f : findings)
    if (is_risky(f) && f.code != "hidden_recipients" && !f.field.starts_with("bcc[")) return true;
  bool invalid_outside_bcc = d.from && !d.from->valid;
  for (const auto* v : {&d.to, &d.cc})
    for (const auto& a : *v) invalid_outside_bcc = invalid_outside_bcc || !a.valid;
  for (const auto& w : d.warnings)
    if (is_risky(w) && (w.code != warning_code::invalid_address || invalid_outside_bcc)) return true;
  return false;
}

// Decided on typed facts: the findings' codes, the draft's fields, is_risky().
// What each button does, one sentence each, in the buttons' order.
void add_choices(question& q, const draft& d) {
  const bool bcc = !d.bcc.empty();
  const display_text n = number(d.bcc.size());
  const display_text list = address_list(d.bcc);
  for (const auto& b : q.buttons) {
    switch (b.what) {
      case choice::cancel:
        // TRANSLATORS: {0} is the button's label (Cancel); the sentence says what it does.
        q.choices.push_back(ours(tr("{0}: nothing is opened."), {b.label}));
        break;
      case choice::open_without_bcc:
        q.choices.push_back(ours(
            // TRANSLATORS: {0} is the number of hidden addresses, {1} the button's label, {2} the
            // hidden address(es).
            ntr("{1}: your mail program gets the message without {2}.",
                "{1}: your mail program gets the message without these {0} addresses: {2}.", d.bcc.size()),
            {n, b.label, list}));
        break;
      case choice::open:
        if (bcc)
          q.choices.push_back(
              ours(ntr("{1}: your mail program gets the message with the hidden copy to {2}.",
                       "{1}: your mail program gets the message with its {0} hidden copies.", d.bcc.size()),
                   {n, b.label, list}));
        else
          q.choices.push_back(
              // TRANSLATORS: {0} is the button's label (Open as it is).
              ours(tr("{0}: your mail program gets the message as the details show it."), {b.label}));
        break;
    }
  }
}

// The buttons and the safe default: never a draft with a hidden recipient or a
// look-alike address; asked only for files, Open, which attaches nothing unticked.
void add_buttons(question& q, const draft& d, const std::vector<preview::finding>& findings, bool risky,
                 const text_limits& l) {
  const bool bcc = !d.bcc.empty();
  q.safe = bcc && !risk_beyond_bcc(d, findings) ? choice::open_without_bcc : choice::cancel;
  q.risky = risky;

  const question_button without{
      choice::open_without_bcc,
      ours(ntr("Open without the hidden copy", "Open without the hidden copies", d.bcc.size()))};
  const question_button cancel{choice::cancel, ours(tr("Cancel"))};
  const question_button open{choice::open, ours(tr("Open as it is"))};
  if (!risky && !q.files.files.empty() && !bcc) {
    // Asked only for the files: Enter opens the message with the files ticked, none to start.
    q.safe = choice::open;
    q.buttons = {{choice::open, ours(tr("Open"))}, cancel};
    q.choices = {ours(tr("{0}: your mail program gets the message, with the files you chose and no other."),
                      {q.buttons[0].label}),
                 ours(tr("{0}: nothing is opened."), {cancel.label})};
    return;
  }
  // No answer sends to a recipient the question cannot show: with more than the
  // details list, only what sends to none of them.
  const bool seen = recipients_seen(d, l), seen_without_bcc = recipients_seen(d, l, false);
  if (!seen_without_bcc) q.safe = choice::cancel;
  if (q.safe == choice::open_without_bcc) {
    q.buttons = {without, cancel};
  } else {
    q.buttons = {cancel};
    if (bcc && seen_without_bcc) q.buttons.push_back(without);
  }
  if (seen) q.buttons.push_back(open);
  add_choices(q, d);
  if (!seen) {
    const display_text n = number(d.to.size() + d.cc.size() + d.bcc.size());
    q.findings.insert(
        q.findings.begin() + (q.findings.empty() ? 0 : 1),
        seen_without_bcc
            // TRANSLATORS: {0} is the number of recipients (more than 100), {1} the button's label.
            ? ours(tr("This message has {0} recipients, more than mailtokit can show, so it cannot be opened as it "
                      "is; \"{1}\" sends it only to those the details list."),
                   {n, without.label})
            : ours(tr("This message has {0} recipients, more than mailtokit can show, so it can only be cancelled."),
                   {n}));
  }
}

}  // namespace

question unguarded_question(const question& q) {
  if (!q.risky) return q;
  question out = q;
  out.buttons.clear();
  out.choices.clear();
  for (std::size_t i = 0; i < q.buttons.size(); ++i) {
    if (q.buttons[i].what != q.safe && q.buttons[i].what != choice::cancel) continue;
    out.buttons.push_back(q.buttons[i]);
    if (i < q.choices.size()) out.choices.push_back(q.choices[i]);
  }
  if (out.buttons.size() < q.buttons.size())
    out.findings.push_back(
        ours(tr("This window offers only the safe answer: it cannot hold back a click or a key made before you "
                "read it, as mailtokit's own question window does.")));
  return out;
}

namespace {

// The headline: the worst risky finding, else the files, else what the message is.
display_text headline_of(const draft& d, const std::vector<risk>& items, const question& q) {
  if (!items.empty()) return items.front().headline;
  if (!q.files.files.empty()) return q.files.intro;
  if (!d.to.empty())
    // TRANSLATORS: a headline when nothing is wrong (the user asked to confirm every link);
    // {0} is the first address the message goes to.
    return ours(tr("Open a message to {0}?"), {shown(mailbox(d.to.front()))});
  return ours(tr("Open this message?"));
}

// The risky findings (at most max_risky, the rest counted), what was already neutralized, and
// what the hand-over left out or changed (the first two; the details have every one).
void add_findings(question& q, const draft& d, const std::vector<preview::finding>& findings,
                  const std::vector<risk>& items, const std::vector<std::string>& losses) {
  // The hidden copy is never among what is counted instead of shown: when worse
  // findings fill the slots, it takes the last one, and that finding is counted instead.
  std::vector<std::size_t> listed;
  for (std::size_t i = 0; i < items.size() && i < max_risky; ++i) listed.push_back(i);
  for (std::size_t i = max_risky; i < items.size(); ++i)
    if (items[i].key == "bcc") listed.back() = i;
  for (const std::size_t i : listed) q.findings.push_back(items[i].sentence);
  if (items.size() > max_risky)
    q.findings.push_back(
        ours(ntr("There is {0} more warning; the details show everything.",
                 "There are {0} more warnings; the details show everything.", items.size() - max_risky),
             {number(items.size() - max_risky)}));
  // attach= and attachment= are told by offer_files() (offered in the file question, or not
  // attached and why): here they would contradict it, "removed a request to attach X" before a
  // question that offers X.
  for (auto& s : told_sentences(d, findings, true)) q.findings.push_back(std::move(s));
  // What the hand-over left out or changed: the first two here, every one in the details.
  constexpr std::size_t shown_losses = 2;
  for (std::size_t i = 0; i < losses.size() && i < shown_losses; ++i) q.findings.push_back(shown(losses[i], 200));
  if (losses.size() > shown_losses)
    q.findings.push_back(ours(ntr("mailtokit made {0} more change before opening; the details show every one.",
                                  "mailtokit made {0} more changes before opening; the details show every one.",
                                  losses.size() - shown_losses),
                              {number(losses.size() - shown_losses)}));
}

// The details: every change the hand-over made (when more than the findings show), then the draft.
display_text details_of(const draft& d, const std::vector<preview::finding>& findings,
                        const std::vector<std::string>& losses, const text_limits& l) {
  constexpr std::size_t shown_losses = 2;
  display_text details;
  if (losses.size() > shown_losses) {
    details = ours(tr("What mailtokit changed before opening:")) + ours("\n");
    // Bounded like every field: one per address left out could be thousands.
    constexpr std::size_t detailed_losses = 200;
    for (std::size_t i = 0; i < losses.size() && i < detailed_losses; ++i)
      details += ours("- ") + shown(losses[i], 400) + ours("\n");
    if (losses.size() > detailed_losses)
      details += ours("- ") +
                 ours(ntr("and {0} more change", "and {0} more changes", losses.size() - detailed_losses),
                      {number(losses.size() - detailed_losses)}) +
                 ours("\n");
    details += ours("\n");
  }
  return details + draft_details(d, findings, l);
}

}  // namespace

question make_question(const draft& d, const std::vector<preview::finding>& findings,
                       const std::vector<std::string>& losses, const text_limits& l, file_offer files) {
  question q;
  q.title = ours(tr("mailtokit: check this link before it opens"));
  q.recipients = recipient_lines(d);
  q.files = std::move(files);
  const auto items = risky_items(d, findings);
  q.headline = headline_of(d, items, q);
  add_findings(q, d, findings, items, losses);
  // Files asked for that cannot be offered are said beside the findings, not only in Details.
  if (q.files.files.empty())
    for (std::size_t i = 0; i < q.files.notes.size() && i < max_risky; ++i) q.findings.push_back(q.files.notes[i]);
  q.details = details_of(d, findings, losses, l);
  // Every line is display_text: no run of blanks can push link text to the start of a line of
  // its own, on any front end (the window, the terminal, zenity, yad, kdialog).
  add_buttons(q, d, findings, !items.empty(), l);
  return q;
}

std::vector<display_text> recipient_lines(const draft& d) {
  std::vector<display_text> out;
  auto list = [&](const std::vector<address>& v, const char* label) {
    if (v.empty()) return;
    std::vector<display_text> addresses;
    for (std::size_t i = 0; i < v.size() && i < 20; ++i)
      addresses.push_back(display_text::isolated_from_link(v[i].valid ? v[i].unicode() : v[i].original, 120, true));
    display_text line = display_text::join(addresses, display_text::ours(", "));
    if (v.size() > 20)
      // TRANSLATORS: after a list of 20 addresses; {0} is how many more there are.
      line += display_text::ours(" ") +
              display_text::ours(ntr("and {0} more (the details show every one)",
                                     "and {0} more (the details show every one)", v.size() - 20),
                                 {display_text::number(v.size() - 20)});
    out.push_back(display_text::ours(tr(label), {line}));
  };
  // The hidden copies first: on the first screen, never below what a long To list pushes down.
  list(d.bcc, N_("Hidden copy, which the others do not see: {0}"));
  list(d.to, N_("To: {0}"));
  list(d.cc, N_("Cc: {0}"));
  return out;
}

}  // namespace mailtokit::ask
