#include "question.hpp"

namespace mailtokit::cli {

// First version (issue 24 replaces the words): the assessment's lines as findings, the whole
// question_text() as details, and the safe default already right: without the hidden copy when
// that removes every risky finding, else Cancel.
question make_question(const draft& d, const std::vector<preview::finding>& findings, const assessment& a,
                       const std::vector<std::string>& losses, const text_limits& l) {
  question q;
  q.title = std::string(question_title);
  q.findings = a.risky;
  for (const auto& s : losses) q.findings.push_back(s);
  q.headline = q.findings.empty() ? std::string("Check this link before it opens.") : q.findings.front();
  q.details = question_text(d, findings, a, l);
  const bool bcc = !d.bcc.empty();
  bool only_bcc = bcc;
  for (const auto& f : findings)
    if (is_risky(f) && f.code != "hidden_recipients") only_bcc = false;
  for (const auto& w : d.warnings)
    if (is_risky(w)) only_bcc = false;
  if (bcc && only_bcc) {
    q.buttons.push_back({choice::open_without_bcc, "Open without the hidden copy"});
    q.safe = choice::open_without_bcc;
  }
  q.buttons.push_back({choice::cancel, "Cancel"});
  if (bcc && !only_bcc) q.buttons.push_back({choice::open_without_bcc, "Open without the hidden copy"});
  q.buttons.push_back({choice::open, "Open as it is"});
  return q;
}

std::string question_plain_text(const question& q) {
  std::string out = q.headline + "\n\n";
  for (const auto& f : q.findings) out += "  - " + f + "\n";
  if (!q.findings.empty()) out += "\n";
  for (const auto& c : q.choices) out += c + "\n";
  if (!q.choices.empty()) out += "\n";
  out += q.details;
  return out;
}

}  // namespace mailtokit::cli
