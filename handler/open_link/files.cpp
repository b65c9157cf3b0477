#include "open_link/files.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "attach/provenance.hpp"
#include "base/i18n.hpp"
#include "open_link/tell.hpp"
#include "xdg/drafts.hpp"

namespace mailtokit::open_link {

using ask::answer;
using ask::ask_context;
using ask::confirm_mode;
using ask::offer_text;

namespace {

// A requested file as the user is told about it: its resolved path, else what was asked for.
std::string shown(const attachments::vetted_file& f) {
  if (!f.shown_path.empty()) return f.shown_path;
  return f.requested.path_as_given.empty() ? std::string(tr("(an empty attach field)")) : f.requested.path_as_given;
}

// The program that asked, for the question ("xdg-email, for soffice.bin").
std::string asker_name(const provenance::origin& o, bool from_command) {
  if (from_command) return "mailtokit send";
  if (o.send_program.empty()) return {};
  return o.send_program + (o.requester.empty() ? std::string() : " (for " + o.requester + ")");
}

// Why no file can be offered here, or "": never-attached kinds only, a browser or another
// program's hyperlink asked, strict, confirm = never, --dry-run, a program that cannot take
// files, or nobody to ask who can show them (mailtokit-ask or the terminal: with kdialog 22.12
// and yad, Return attached in a test; zenity shows no check boxes beside the link's
// choices).
std::string why_no_offer(const file_request& r, const provenance::origin& origin, const offer_rules& rules,
                         const open_plan& plan, const ask_context& ctx, const desktop_ui& ui) {
  // A link asked: that is the reason, whatever the file and wherever it lies.
  if (origin.hyperlink && !rules.from_command)
    return fill(tr("the request came from a link in {0}, and a link never attaches files"), {origin.link_program});
  std::size_t allowed = 0;
  for (const auto& f : r.files) allowed += f.allowed() ? 1u : 0u;
  if (allowed == 0) return tr("it may never be attached");
  if (rules.strict) return tr("links are read strictly here (--strict or the configuration file), and that attaches no file");
  if (rules.mode == confirm_mode::never) return tr("you chose never to be asked, and attaching a file needs your answer");
  if (rules.dry_run) return tr("--dry-run attaches nothing");
  if (!can_attach(plan)) return fill(tr("{0} cannot be given files by another program"), {chosen_name(plan.choice)});
  if (ctx.stdin_tty && ctx.stderr_tty) return {};
  if (!ctx.display) return tr("there is no terminal and no display to ask on");
  if (!ui.ask)
    return tr("only mailtokit's own question window (mailtokit-ask) or a terminal can ask about files, and neither "
              "is here");
  return {};
}

}  // namespace

std::vector<attachments::request> attach_requests(const draft& d, const std::vector<std::string>& from_command) {
  std::vector<attachments::request> out;
  for (const auto& f : from_command) out.push_back({f});
  for (const auto& f : d.dropped)
    if (is_attach_field(f.name)) out.push_back({f.value});
  return out;
}

file_request request_files(const draft& d, const std::vector<std::string>& from_command, const open_plan& plan,
                           const offer_rules& rules, const ask_context& ctx, const desktop_ui& ui,
                           const xdg::environment& env, const xdg::config& limits) {
  file_request r;
  const auto requests = attach_requests(d, from_command);
  if (requests.empty()) return r;
  attachments::vet_context vc;
  if (env.home) vc.home = *env.home;
  if (limits.attach_max_size) vc.max_size = *limits.attach_max_size;
  if (limits.attach_max_files) vc.max_files = *limits.attach_max_files;
  if (limits.attach_max_total) vc.max_total = *limits.attach_max_total;
  r.files = attachments::vet_all(requests, vc);
  const auto origin = provenance::classify(provenance::parents());
  r.why_not = why_no_offer(r, origin, rules, plan, ctx, ui);
  r.from_link = origin.hyperlink && !rules.from_command;
  if (!r.why_not.empty()) {
    // Not offered: each file said in the question itself, whichever front end shows it.
    for (const auto& f : r.files)
      // TRANSLATORS: {0} is a file's name, {1} why it is not attached (a clause, lower case).
      r.offer.notes.push_back(ask::display_text::ours(
          tr("{0} is not attached: {1}."),
          // Visible but not isolated: the window reads a finding without isolates.
          {ask::display_text::from_link(shown(f), 200),
           ask::display_text::from_link(r.from_link || f.allowed() ? r.why_not : f.refusal_text, 300)}));
    return r;
  }
  // What the program loses when it is given files (Thunderbird's -compose spec): said in the
  // question, so the answer is made knowing it, and again once the files were handed over.
  if (const auto* c = plan.choice.known; c != nullptr && c->losses_with_files != nullptr && !plan.wants_file)
    c->losses_with_files(d, r.lost_with_files);
  r.offer = offer_text(r.files, asker_name(origin, rules.from_command), chosen_name(plan.choice), r.lost_with_files);
  return r;
}

offered_files attach_ticked(draft& d, file_request& r, const answer& a, const open_plan& plan,
                            const std::string& copies_dir) {
  offered_files out;
  auto not_attached = [&](const attachments::vetted_file& f, const std::string& why) {
    out.told.push_back(fill(tr("not attached: {0}: {1}"), {shown(f), why}));
  };
  std::size_t index = 0;  // among the files offered (the allowed ones, in order)
  for (auto& f : r.files) {
    if (!f.allowed()) {
      // A clicked link's file is told the link's reason, the same for /etc/passwd as for a
      // file in HOME: where a file lies matters only when a file could have been attached.
      not_attached(f, r.from_link ? r.why_not : f.refusal_text);
      continue;
    }
    const bool ticked = std::find(a.files.begin(), a.files.end(), index++) != a.files.end();
    if (!r.why_not.empty()) {
      not_attached(f, r.why_not);
    } else if (!a.files_shown) {
      not_attached(f, tr("the question that could be shown cannot offer files"));
    } else if (!ticked) {
      not_attached(f, tr("you did not choose to attach it"));
    } else if (!attachments::still_same(f)) {
      // The file sent is the file shown: re-checked, then read or copied through its descriptor.
      not_attached(f, tr("it changed after you were asked"));
    } else if (plan.wants_file) {
      auto bytes = attachments::read_contents(f);
      if (!bytes) {
        not_attached(f, tr("it could not be read"));
        continue;
      }
      d.attachments.push_back({f.name, f.mime_type, std::move(*bytes)});
      out.handed.push_back(f.shown_path);
    } else if (auto copy = attachments::copy_for_handover(f, copies_dir)) {
      out.handed.push_back(*copy);
    } else {
      not_attached(f, tr("it could not be copied for the hand-over"));
    }
  }
  if (!out.handed.empty()) out.told.insert(out.told.end(), r.lost_with_files.begin(), r.lost_with_files.end());
  return out;
}

// Not under a hidden folder where that can be helped: Evolution warns "Hidden file is attached
// ... may contain sensitive data" for an attach= path in a hidden folder, as ~/.local/state is (its
// "blacklisted-file" alert, seen with Evolution 3.46 in tests/clients/xdg-email_evolution_test.py).
std::string attach_dir(const std::string& drafts_dir, unsigned days, bool dry_run) {
  const char* run = std::getenv("XDG_RUNTIME_DIR");
  if (run == nullptr || run[0] != '/' || std::string_view(run).find("/.") != std::string_view::npos) return drafts_dir;
  const std::string dir = std::string(run) + "/mailtokit";
  if (!dry_run && !xdg::ensure_private_dir(dir)) return drafts_dir;
  // Copies older than drafts are kept are deleted, as in the drafts folder (a tmpfs, in memory).
  if (!dry_run && days > 0) (void)xdg::clean_old(dir, std::chrono::hours(24) * days);
  return dir;
}

}  // namespace mailtokit::open_link
