/// The files part of the question: the files a request asks to attach, as the question offers
/// them (ask/question.hpp asks it with the link's risks), and file names as the questions show them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ask/display_text.hpp"
#include "attach/attachments.hpp"

namespace mailtokit::ask {

/// A file the question offers: a check box in mailtokit-ask, a number on the terminal; never
/// ticked to start.
struct offered_file {
  display_text name;   ///< shown_file_name() of its name
  display_text about;  ///< where it is, its size and its type, on one line
};

/// The files part of the question, asked with the link's risks in one window or one prompt.
/// Only mailtokit-ask and the terminal show it: with kdialog 22.12 and yad, Return attached in
/// a test, and zenity cannot show check boxes and the link's choices in one window.
struct file_offer {
  display_text intro;                ///< who asks to attach how many files, for which program
  display_text advice;               ///< a link must never send files: tick only what you asked to send
  std::vector<offered_file> files;   ///< every file that can be attached (at most attach_max_files)
  std::vector<display_text> notes;   ///< each file never attached and why; what attaching loses
};

/// The files part for `files` (vet_all()'s result): who asks (`asker`, e.g. "xdg-email (for
/// soffice.bin)", or empty when unknown), each file that may be attached (its name, folder, size
/// and type), each file that is never attached and why, and what `program` loses when it is
/// given files (`lost_with_files`, one sentence each). Every text is display_text. Empty `files` in the result when no file may be attached.
[[nodiscard]] file_offer offer_text(const std::vector<attachments::vetted_file>& files, std::string_view asker,
                                    std::string_view program, const std::vector<std::string>& lost_with_files = {});
/// A file's name as the questions show it: visible(), inside a first-strong isolate (U+2068 ...
/// U+2069) so a right-to-left name cannot reorder the line, and when longer than `max` characters
/// cut in the middle, keeping its beginning and its last 16 characters (its real ending).
[[nodiscard]] display_text shown_file_name(std::string_view name, std::size_t max = 80);

}  // namespace mailtokit::ask
