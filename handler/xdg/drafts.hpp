/// Draft files handed to mail clients: a private directory, atomic unique files, and cleanup.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::xdg {

/// The private drafts folder under the state folder `state_home` ($XDG_STATE_HOME, else
/// ~/.local/state): state_home + "/mailtokit/drafts".
[[nodiscard]] std::string folder_in(std::string_view state_home);

/// Create `dir` and its missing parents; the last component gets mode 0700 and must end up a
/// directory owned by us, not a symbolic link, with no group or other access (an existing one
/// with more is narrowed to 0700). io_error otherwise.
[[nodiscard]] errors::result<void> ensure_private_dir(const std::string& dir);

/// Write `bytes` to a new file "draft-<32 hex digits from getrandom>.eml" in `dir`: created with
/// O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600 under a temporary name, written, fsync'ed, renamed
/// with RENAME_NOREPLACE, then the directory fsync'ed. Returns the absolute path (`dir` must be
/// absolute). A reader never sees a partial file. io_error on failure.
[[nodiscard]] errors::result<std::string> write_draft(const std::string& dir, std::string_view bytes);

/// A new draft file name, "draft-<32 hex digits from getrandom>.eml"; io_error when no random
/// bytes can be had.
[[nodiscard]] errors::result<std::string> new_draft_name();
/// write_draft() under the name `name` (a new_draft_name()): io_error when it cannot be written,
/// with offset EEXIST when a file of that name is there (never replaced).
[[nodiscard]] errors::result<std::string> write_draft_named(const std::string& dir, const std::string& name,
                                                             std::string_view bytes);

/// Delete the draft files (regular files named draft-*.eml or draft-*.eml.tmp, not symbolic
/// links) and the folders of attachment copies (attach-*: their regular files, then the folder)
/// in `dir` last modified more than `max_age` ago. Returns how many were deleted; a
/// missing directory is 0. Clients read a draft after we return, so drafts are kept a while.
[[nodiscard]] errors::result<std::size_t> clean_old(const std::string& dir, std::chrono::seconds max_age);

}  // namespace mailtokit::xdg
