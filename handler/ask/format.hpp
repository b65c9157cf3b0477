/// The question as mailtokit hands it to its window (mailtokit-ask): plain text fields in a
/// length-prefixed file, so that nothing in them is read as a shell word, an option or markup.
/// Every text shown is display_text: made by the program's sanitizer, and made again by decode().
/// Shared by the program (encode) and the window (decode); GLib only, no GTK.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ask/display_text.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::ask {

/// One button: its id (what mailtokit-ask prints when it is chosen) and its label.
struct button {
  std::string id;     ///< [a-z_], 1 to 32 characters ("open", "open_without_bcc", "cancel")
  display_text label;  ///< plain text, no mnemonic marks (the window adds them)
};

/// A file the window offers: a check box, never ticked to start.
struct file {
  display_text name;   ///< the file's name, bidi-isolated (FSI ... PDI)
  display_text about;  ///< where it is, its size and type, on one line
};

/// A set of options of which one is chosen (radio buttons), under its heading: where drafts
/// go, when to ask.
struct option_group {
  std::string id;       ///< what the window prints in "choose ID OPTION": [a-z_], 1 to 32 characters
  display_text heading;  ///< shown above the options
  /// Not empty: the id of a toggle (declared before the group) that governs it: while that toggle
  /// is off, the group's options and address fields are greyed (insensitive) and cannot be changed,
  /// but they keep what they show, and the window prints them on the default button as always.
  std::string governed_by;
};

/// One option of a group: a radio button. In the chooser of a first click none is chosen to
/// start; in the settings window the current one is.
struct option {
  std::string group;    ///< the id of its group (declared before it)
  std::string id;       ///< what the window prints: printable ASCII, 1 to 128 bytes
  display_text label;    ///< the program's or the service's name
  std::string icon;     ///< an icon name of the desktop's theme ("thunderbird"), or empty
  display_text example;  ///< not empty: the option takes an address (a text field); this is an example
  display_text address;  ///< the address in its field to start (the settings window: the current one)
  bool chosen = false;  ///< chosen to start; at most one per group
};

/// A check box that is on or off (the settings window: mailtokit as the mail-link handler).
struct toggle {
  std::string id;     ///< [a-z_], 1 to 32 characters
  display_text label;
  bool on = false;
  display_text off_note;  ///< one line shown under the check box while it is off (what off means), or empty
};

/// What the window shows. Every text is plain UTF-8 for people.
struct request {
  display_text title;
  display_text headline;
  std::vector<display_text> findings;
  std::vector<display_text> choices;
  std::vector<display_text> recipients;  ///< who gets the message, one line per field (To, Cc, hidden copy)
  display_text files_intro;             ///< who asks to attach files, and the advice (files only)
  std::vector<file> files;              ///< the files offered, in order; the window prints "file N" for each ticked one
  std::vector<display_text> file_notes;  ///< files never attached and why, what attaching loses
  display_text details;
  /// Choices: the default button is usable once every group has an option chosen (and its
  /// address typed); when it is pressed, the window prints "toggle ID on|off" for each toggle,
  /// "choose GROUP ID" for each group and "address GROUP TEXT" for a chosen option's address.
  std::vector<toggle> toggles;
  std::vector<option_group> groups;
  std::vector<option> options;
  std::string icon;  ///< the window's icon name ("" : dialog-warning, the question's; dialog-error, dialog-information: a failure report or a notice, which wait for no answer)
  std::vector<button> buttons;  ///< in the order shown
  std::string default_id;       ///< the button Enter gives (the safe one)
};

/// Bounds decode() holds any input to.
inline constexpr std::size_t max_input = 1024 * 1024;  ///< bytes of the whole file
inline constexpr std::size_t max_field = 256 * 1024;   ///< bytes of one field
inline constexpr std::size_t max_items = 32;           ///< findings, choices, recipients, files, file notes
inline constexpr std::size_t max_buttons = 6;
inline constexpr std::size_t max_options = 64;  ///< options of all groups together
inline constexpr std::size_t max_groups = 4;    ///< groups, and toggles

/// Whether `text` may stand in a line the window prints (an address typed into a field): no
/// control character (C0, DEL). The window leaves out an address that is not; the program takes
/// a line holding one as no answer (ask/dialog.hpp, window_answer_of).
[[nodiscard]] bool printable_line(std::string_view text) noexcept;

/// The file's text: "mailtokit-ask 1\n", then one record per field, "<key> <length>\n<bytes>\n",
/// keys title, headline, finding (repeated), choice (repeated), recipient (repeated),
/// files_intro, file (repeated: the name, a line feed, then what is said about it), file_note
/// (repeated), details, icon, toggle (repeated: id, label, yes or no, then the off note when
/// there is one), group (repeated: id, heading, then the id of the toggle declared before it that
/// governs it, when one does), option (repeated: group, id, label, icon, example, address, yes or no for chosen),
/// button:<id> (its label; repeated, in order) and default (a button id). The parts of toggle,
/// group and option each end in a line feed.
/// Lengths are decimal byte counts, so a value may hold any byte, line breaks included.
///
///     mailtokit-ask 1
///     title 5
///     Check
///     button:cancel 6
///     Cancel
///     default 6
///     cancel
[[nodiscard]] std::string encode(const request& r);

/// The request in `text`, or why not (for the developer: stderr) when it is not
/// exactly that format: unknown key, bad length, a field over its bound, invalid UTF-8
/// (g_utf8_validate), no button, a default that is no button's id. Control characters (but
/// line breaks and tabs) and bidirectional formatting characters are replaced by U+FFFD, so
/// nothing can reorder or hide the text on screen; the isolates FSI, LRI, RLI and PDI stay in
/// the details, the recipients and the file names, which use them to keep each name whole.
[[nodiscard]] mailtokit::result<request, std::string> decode(std::string_view text);

}  // namespace mailtokit::ask
