/// Bulk processing, one input per line (`mailtokit batch`): bounded memory whatever the input,
/// optional worker threads, outputs in input order, output written before any blocking read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::batch {

/// One input line as a processor sees it.
struct line {
  std::string_view text;     ///< the line without "\n" (or "\r\n"); only its first 4096 bytes when too_long
  std::uint64_t number = 0;  ///< 1-based line number
  std::uint64_t length = 0;  ///< bytes of the whole line without its line end
  bool too_long = false;     ///< longer than options::max_line: skipped, never held in memory
};

/// What a processor made of a line.
enum class outcome {
  ok,        ///< processed
  bad,       ///< bad input, reported in the output; the run goes on ("errors are data")
  io_error,  ///< the run stops and run() fails with io_error
};

/// Appends the output for one line (normally one line ending in '\n') to `out`. With jobs > 1 it
/// is called from several threads at once, each with its own `out`.
using processor = std::function<outcome(const line& in, std::string& out)>;

struct options {
  std::size_t jobs = 1;                          ///< worker threads; 1 processes on the caller's thread
  std::size_t max_line = (1u << 20) + 4096;      ///< longer lines become line::too_long
  std::size_t chunk_lines = 512;                 ///< lines per unit of work (jobs > 1)
  std::size_t chunk_bytes = 256u << 10;          ///< input bytes per unit of work, soft limit
  std::size_t read_size = 64u << 10;             ///< bytes per read(2)
  int* error_number = nullptr;  ///< when set, receives the errno of a failed read(2) or write(2) (else 0)
};

/// The most worker threads run() starts: a larger options::jobs fails with internal_error (a
/// caller's bug, e.g. a negative number converted to size_t), never a huge allocation.
inline constexpr std::size_t max_jobs = 4096;

struct stats {
  std::uint64_t lines = 0;
  std::uint64_t ok = 0;
  std::uint64_t bad = 0;
  std::uint64_t bytes = 0;  ///< input bytes, line ends included
  double seconds = 0;       ///< wall-clock time of the run
};

/// Reads `in_fd` to its end, one line at a time (a last line without "\n" counts), calls
/// `process` on each and writes the outputs to `out_fd` in input order. Memory stays below about
/// (2 * jobs + 2) * (chunk_bytes + max_line) plus the outputs of the chunks in flight. With
/// jobs == 1 each output is written before the next read that could block, so a line written
/// into a pipe gets its answer without waiting for more input. Fails with io_error (offset: input
/// bytes read so far) when reading or writing fails or `process` returns outcome::io_error; the
/// outputs of the lines before that are written. Fails with internal_error when o.jobs > max_jobs.
[[nodiscard]] errors::result<stats> run(int in_fd, int out_fd, const processor& process, const options& o = {});

/// The draft file name for line `number`: zero-padded to 9 digits (more when needed), ".eml":
/// file_name(42) == "000000042.eml", so names sort in line order.
[[nodiscard]] std::string file_name(std::uint64_t number);

/// Writes `bytes` to `name` in the directory `dir_fd` so that no reader sees a partial file:
/// first to "<name>.tmp" (O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600; a stale one is removed), then
/// renamed over `name` (an existing `name` is replaced; a symbolic link there is replaced, not
/// followed). No fsync: a crash may leave files empty but never partial under their final name.
/// The temporary is registered with cleanup::reserve() while it exists, so a signal that ends
/// the program (Ctrl-C) removes it too. io_error on failure, with the errno in the error's offset.
[[nodiscard]] errors::result<void> write_file(int dir_fd, const std::string& name, std::string_view bytes);

/// Splits a file descriptor into lines with a buffer of max_line + read_size bytes: a longer
/// line is skipped as it is read and reported as too_long. Exposed for tests.
class line_reader {
 public:
  line_reader(int fd, std::size_t max_line, std::size_t read_size = 64u << 10);
  /// The next line into `l` (its text valid until the next call): true, or false at the end of
  /// the input; io_error when read(2) fails.
  [[nodiscard]] errors::result<bool> next(line& l);
  /// True when next() can return without reading (a whole line is buffered, or the end was seen).
  [[nodiscard]] bool ready();
  /// Input bytes consumed so far.
  [[nodiscard]] std::uint64_t consumed() const noexcept { return consumed_; }

 private:
  [[nodiscard]] errors::result<bool> fill();
  int fd_;
  std::size_t max_line_;
  std::size_t read_size_;
  // Not a std::string: resize() would write zeros over the whole buffer (1 MiB) at start-up,
  // which read(2) overwrites anyway.
  std::unique_ptr<char[]> buf_;
  std::size_t size_;  // of buf_
  std::string prefix_;  // the start of the too-long line being skipped
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  std::size_t scanned_ = 0;  // [begin_, scanned_) holds no '\n'
  std::uint64_t number_ = 0;
  std::uint64_t consumed_ = 0;
  std::uint64_t skipped_ = 0;  // bytes of a too-long line dropped so far
  bool skipping_ = false;
  bool eof_ = false;
};

}  // namespace mailtokit::batch
