// Fuzz target: the hand-over to every mail program, the message file and every webmail
// (handler/clients/), read back by the worst reader (handler/clients/handover_safety.hpp:
// percent-decoding, HTML character references, RFC 2047 words wherever they stand, backslash
// unquoting, NFKC and IDNA mapping, in turn until nothing changes; lists split at ',', ';' and
// ':' inside quotes or not).
// Properties, for a link read as `mailtokit open` reads it and made canonical by
// make_handover_safe():
// - no program's arguments, no message file and no webmail link hold a recipient the user is not
//   shown (issues 39 and 45);
// - every address left is plain (handover::plain_address()) and every name left is plain
//   (handover::plain_name()), every mailbox within the smallest reader's limit; the subject and
//   every kept header text hold nothing the worst reader's text decoders change, within the
//   limit; make_handover_safe() only removed recipients or names, or defused or shortened texts,
//   each change told;
// - making a safe draft safe again changes nothing (idempotent).
#include <algorithm>
#include <string>
#include <vector>

#include "clients/client.hpp"
#include "clients/handover_safety.hpp"
#include "../oracle/worst_reader.hpp"
#include "fuzz.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "clients/dispatch.hpp"
#include "clients/webmail.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/handover.hpp"
#include "mailtokit/preview.hpp"

namespace {

using mailtokit::fuzz::show;
namespace wr = mailtokit::oracle::worst_reader;

std::vector<std::string> forms(const mailtokit::draft& d) {
  std::vector<std::string> out;
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      auto f = wr::own_forms(a);
      out.insert(out.end(), f.begin(), f.end());
    }
  return out;
}

std::size_t count(const mailtokit::draft& d) { return d.to.size() + d.cc.size() + d.bcc.size(); }

// make_handover_safe() touches only the recipients and the header texts.
bool same(const mailtokit::draft& a, const mailtokit::draft& b) {
  return a.to == b.to && a.cc == b.cc && a.bcc == b.bcc && a.subject == b.subject && a.headers == b.headers;
}

// A header text as handed over: no RFC 2047 word and no character reference in it; the worst
// reader's text decoders (percent escapes, references, words, in turn until nothing changes) read
// no line break or other control out of it; no reader's limit cuts it. (A percent escape that
// decodes into plain text, "50%25", may stay: no reader was seen to decode a subject twice.)
bool plain_handed_text(const std::string& t) {
  if (wr::decode_words_anywhere(t) != t || wr::html_references(t) != t) return false;
  std::string cur = t;
  for (int round = 0; round < 16; ++round) {
    std::string next = wr::decode_words_anywhere(wr::html_references(wr::percent_fixpoint(cur)));
    if (next == cur) break;
    cur.swap(next);
  }
  const bool control = std::any_of(cur.begin(), cur.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7F;
  });
  return !control && t.size() <= mailtokit::handover::limits{}.text_bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string in(mailtokit::fuzz::as_view(data, size));
  if (in.rfind("mailto:", 0) != 0) in.insert(0, "mailto:");
  auto parsed = mailtokit::parse_draft(in);
  if (!parsed) return 0;
  mailtokit::draft d = *parsed;
  const auto told = mailtokit::clients::make_handover_safe(d);
  MAILTOKIT_FUZZ_CHECK(count(d) <= count(*parsed), "make_handover_safe added a recipient: " + show(in));
  MAILTOKIT_FUZZ_CHECK(told.empty() == same(d, *parsed), "a change was not told, or a told one not made: " + show(in));
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      MAILTOKIT_FUZZ_CHECK(!mailtokit::decodes_again(a), "an address that decodes again was kept: " + show(in));
      MAILTOKIT_FUZZ_CHECK(mailtokit::handover::plain_address(a), "an address that is not plain was kept: " + show(in));
      MAILTOKIT_FUZZ_CHECK(a.display_name.empty() || mailtokit::handover::plain_name(a.display_name),
                           "a display name that is not plain was kept: " + show(in));
      MAILTOKIT_FUZZ_CHECK(a.display_name.size() + mailtokit::handover::spec(a).size() + 5 <=
                               mailtokit::handover::limits{}.mailbox_bytes,
                           "a mailbox longer than the smallest reader's limit was kept: " + show(in));
    }
  if (d.subject)
    MAILTOKIT_FUZZ_CHECK(plain_handed_text(*d.subject), "a subject a reader decodes or cuts was kept: " + show(in));
  for (const auto& h : d.headers)
    MAILTOKIT_FUZZ_CHECK(plain_handed_text(h.value), "a header text a reader decodes or cuts was kept: " + show(in));
  {
    mailtokit::draft again = d;
    MAILTOKIT_FUZZ_CHECK(mailtokit::clients::make_handover_safe(again).empty() && same(again, d),
                         "make_handover_safe is not idempotent: " + show(in));
  }

  // Every program's hand-over, as `mailtokit open` builds it (open_plan.cpp).
  const std::string uri = mailtokit::dispatch::harden_uri(mailtokit::build_mailto(d));
  const std::string claws = mailtokit::dispatch::claws_uri(d);
  const auto allowed = forms(d);
  for (const auto* c : mailtokit::clients::all()) {
    mailtokit::dispatch::argv_inputs ai;
    ai.uri = c->body_file ? claws : uri;
    ai.d = &d;
    ai.terminal = {"xterm", "-e"};
    auto argv = mailtokit::dispatch::client_argv(c->id(), ai);
    if (!argv) continue;  // refused (KMail: an address it would read as an option); nothing starts
    for (const auto& found : wr::recipients(*argv))
      MAILTOKIT_FUZZ_CHECK(std::find(allowed.begin(), allowed.end(), found) != allowed.end(),
                           std::string(c->name) + " would read the recipient '" + show(found) +
                               "', which the draft does not have: " + show(in));
  }
  if (auto eml = mailtokit::compose(d))
    for (const auto& found : wr::message_recipients(*eml))
      MAILTOKIT_FUZZ_CHECK(std::find(allowed.begin(), allowed.end(), found) != allowed.end(),
                           "the message file holds the recipient '" + show(found) + "': " + show(in));
  for (const auto* s : mailtokit::webmail::all()) {
    std::string where;
    if (s->kind == mailtokit::webmail::kind::self_hosted) where = "https://mail.example.org/";
    if (s->kind == mailtokit::webmail::kind::any) where = "https://mail.example.org/compose?link=%s";
    auto link = mailtokit::webmail::compose_link(*s, d, where);
    if (!link) continue;  // too long: nothing opens, the draft is kept
    for (const auto& found : wr::url_recipients(*link))
      MAILTOKIT_FUZZ_CHECK(std::find(allowed.begin(), allowed.end(), found) != allowed.end(),
                           std::string(s->name) + " would read the recipient '" + show(found) + "': " + show(in));
  }
  return 0;
}
