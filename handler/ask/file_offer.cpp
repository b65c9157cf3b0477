#include "ask/file_offer.hpp"

#include "base/i18n.hpp"

namespace mailtokit::ask {

display_text shown_file_name(std::string_view name, std::size_t max) {
  return display_text::file_name_from_link(name, max);
}

namespace {

display_text asked_intro(std::size_t n, std::string_view asker, std::string_view program) {
  const display_text who = display_text::from_link(asker, 120);
  const display_text for_program = display_text::from_link(program, 120);
  const display_text count = display_text::number(n);
  if (asker.empty())
    return display_text::ours(ntr("This request asks to attach a file to the message for {1}.",
                                  "This request asks to attach {0} files to the message for {1}.", n),
                              {count, for_program});
  return display_text::ours(ntr("{2} asks to attach a file to the message for {1}.",
                                "{2} asks to attach {0} files to the message for {1}.", n),
                            {count, for_program, who});
}

}  // namespace

file_offer offer_text(const std::vector<attachments::vetted_file>& files, std::string_view asker,
                      std::string_view program, const std::vector<std::string>& lost_with_files) {
  file_offer o;
  std::size_t allowed = 0;
  for (const auto& f : files) allowed += f.allowed() ? 1u : 0u;
  o.intro = asked_intro(files.size(), asker, program);
  o.advice = display_text::ours(tr("A link in a web page or a message must never send your files: choose a file only "
                                   "if you asked to send it yourself. A file you do not choose is not attached."));
  auto name_of = [](const attachments::vetted_file& f) {
    return shown_file_name(!f.name.empty() ? f.name : f.requested.path_as_given, 80);
  };
  // Every file that would be attached is offered: vet_all() offers at most attach_max_files (12
  // at the most) and refuses the rest, never "... and N more".
  for (const auto& f : files)
    if (f.allowed())
      o.files.push_back({name_of(f), display_text::ours(tr("in {0}, {1}, {2}"),
                                                        {display_text::from_link(f.folder, 160),
                                                         display_text::from_link(f.size_text, 80),
                                                         display_text::from_link(f.type_text, 80)})});
  std::size_t refused = 0;
  for (const auto& f : files) {
    if (f.allowed() || ++refused > 12) continue;
    o.notes.push_back(display_text::ours(tr("Never attached: {0}: {1}"),
                                         {name_of(f), display_text::from_link(f.refusal_text, 200)}));
  }
  if (refused > 12)
    o.notes.push_back(display_text::ours(
        ntr("{0} more file is never attached.", "{0} more files are never attached.", refused - 12),
        {display_text::number(refused - 12)}));
  if (allowed > 0)
    for (std::size_t i = 0; i < lost_with_files.size() && i < 4; ++i)
      o.notes.push_back(
          display_text::ours(tr("If a file is attached: {0}"), {display_text::from_link(lost_with_files[i], 200)}));
  return o;
}

}  // namespace mailtokit::ask
