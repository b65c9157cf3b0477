#include "batch/batch.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "base/files.hpp"

namespace mailtokit::batch {

namespace {

// Output is written in pieces of about 1 MiB, and a pipe on standard output is widened to hold one
// (F_SETPIPE_SZ; 1 MiB is Linux's default limit for users, and a refusal changes nothing): with
// 64 KiB writes into a 64 KiB pipe, `batch --json` blocked in write(2) 2,150 times on 200,000
// lines, a context switch each, and was preempted 1,700 times besides.
constexpr std::size_t k_flush_bytes = 1u << 20;
constexpr std::size_t k_prefix = 4096;  // bytes of a too-long line kept for the processor

/// process() with exceptions (std::bad_alloc from a processor) turned into io_error: nothing
/// may escape a worker thread.
outcome call(const processor& process, const line& l, std::string& out) noexcept {
  try {
    return process(l, out);
  } catch (...) {
    return outcome::io_error;
  }
}

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::string file_name(std::uint64_t number) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%09llu.eml", static_cast<unsigned long long>(number));
  return buf;
}

errors::result<void> write_file(int dir_fd, const std::string& name, std::string_view bytes) {
  // "<name>.tmp": the names are numbered, and a run killed by SIGKILL leaves at most one each.
  return files::write_atomic(dir_fd, name, bytes, {.mode = 0600, .sync = false, .fixed_temp = true});
}

line_reader::line_reader(int fd, std::size_t max_line, std::size_t read_size)
    : fd_(fd),
      max_line_(max_line),
      read_size_(std::max<std::size_t>(read_size, 1)),
      buf_(new char[max_line_ + read_size_ + 1]),
      size_(max_line_ + read_size_ + 1) {}

errors::result<bool> line_reader::fill() {
  // The pending partial line is at most max_line_ bytes (longer ones are being skipped), so
  // after moving it to the front at least read_size_ bytes are free.
  if (size_ - end_ < read_size_) {
    std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
    end_ -= begin_;
    scanned_ -= begin_;
    begin_ = 0;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, buf_.get() + end_, size_ - end_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(errors::errc::io_error, consumed_ + (end_ - begin_));
    if (n == 0) eof_ = true;
    end_ += static_cast<std::size_t>(n);
    return true;
  }
}

bool line_reader::ready() {
  if (eof_) return true;
  if (scanned_ < end_) {
    if (std::memchr(buf_.get() + scanned_, '\n', end_ - scanned_) != nullptr) return true;
    scanned_ = end_;
  }
  return false;
}

errors::result<bool> line_reader::next(line& l) {
  for (;;) {
    if (scanned_ < end_) {
      const void* p = std::memchr(buf_.get() + scanned_, '\n', end_ - scanned_);
      if (p != nullptr) {
        const auto nl = static_cast<std::size_t>(static_cast<const char*>(p) - buf_.get());
        std::size_t len = nl - begin_;
        const bool cr = len > 0 && buf_[nl - 1] == '\r';
        ++number_;
        if (skipping_) {
          const std::size_t tail = len - (cr ? 1 : 0);
          prefix_.append(buf_.get() + begin_, std::min(tail, k_prefix - prefix_.size()));
          l = line{prefix_, number_, skipped_ + tail, true};
          skipping_ = false;
          skipped_ = 0;
        } else {
          len -= cr ? 1 : 0;
          if (len > max_line_) {
            l = line{std::string_view(buf_.get() + begin_, std::min(len, k_prefix)), number_, len, true};
          } else {
            l = line{std::string_view(buf_.get() + begin_, len), number_, len, false};
          }
        }
        consumed_ += nl + 1 - begin_;
        begin_ = scanned_ = nl + 1;
        return true;
      }
      scanned_ = end_;
    }
    // No whole line is buffered: drop the bytes of a line that is already too long.
    const std::size_t pending = end_ - begin_;
    if (skipping_ || pending > max_line_) {
      if (!skipping_) prefix_.clear();
      prefix_.append(buf_.get() + begin_, std::min(pending, k_prefix - prefix_.size()));
      skipping_ = true;
      skipped_ += pending;
      consumed_ += pending;
      begin_ = end_ = scanned_ = 0;
    }
    if (eof_) {
      if (skipping_) {
        l = line{prefix_, ++number_, skipped_, true};
        skipping_ = false;
        skipped_ = 0;
        return true;
      }
      if (end_ > begin_) {  // a last line without "\n"
        const std::size_t len = end_ - begin_;
        l = line{std::string_view(buf_.get() + begin_, len), ++number_, len, false};
        consumed_ += len;
        begin_ = scanned_ = end_;
        return true;
      }
      return false;
    }
    if (auto r = fill(); !r) return r.error();
  }
}

namespace {

void note_errno(const options& o, int e) {
  if (o.error_number != nullptr && *o.error_number == 0) *o.error_number = e;
}

errors::result<stats> run_inline(int in_fd, int out_fd, const processor& process, const options& o) {
  const auto start = std::chrono::steady_clock::now();
  line_reader reader(in_fd, o.max_line, o.read_size);
  (void)::fcntl(out_fd, F_SETPIPE_SZ, static_cast<int>(k_flush_bytes));  // fails on a file: fine
  stats st;
  std::string out;
  out.reserve(k_flush_bytes * 2);
  line l;
  for (;;) {
    // Write what we have before a read that may block, so pipes get answers line by line.
    if (!out.empty() && (out.size() >= k_flush_bytes || !reader.ready())) {
      if (!files::write_all(out_fd, out)) {
        note_errno(o, errno);
        return fail(errors::errc::io_error, reader.consumed());
      }
      out.clear();
    }
    auto more = reader.next(l);
    if (!more) note_errno(o, errno);
    if (!more || !*more) {
      if (!out.empty() && !files::write_all(out_fd, out)) {
        note_errno(o, errno);
        return fail(errors::errc::io_error, reader.consumed());
      }
      if (!more) return more.error();
      break;
    }
    ++st.lines;
    switch (call(process, l, out)) {
      case outcome::ok: ++st.ok; break;
      case outcome::bad: ++st.bad; break;
      case outcome::io_error:
        (void)files::write_all(out_fd, out);
        return fail(errors::errc::io_error, reader.consumed());
    }
  }
  st.bytes = reader.consumed();
  st.seconds = since(start);
  return st;
}

struct chunk {
  enum class state { free, queued, done };
  std::string data;
  std::vector<std::size_t> offsets;
  std::vector<line> lines;
  std::string out;
  std::uint64_t ok = 0;
  std::uint64_t bad = 0;
  bool failed = false;
  state st = state::free;
};

// Reader (the caller's thread) -> workers -> writer thread, through a ring of chunks; a chunk is
// written only after every chunk before it, so the output keeps the input's order.
class pipeline {
 public:
  pipeline(int out_fd, const processor& process, const options& o)
      : out_fd_(out_fd), process_(process), opts_(o), ring_(2 * o.jobs + 2) {}

  errors::result<stats> run(int in_fd) {
    const auto start = std::chrono::steady_clock::now();
    line_reader reader(in_fd, opts_.max_line, opts_.read_size);
    std::vector<std::thread> threads;
    threads.emplace_back([this] { write_loop(); });
    for (std::size_t i = 0; i < opts_.jobs; ++i) threads.emplace_back([this] { work_loop(); });
    errors::result<void> read_status;
    for (std::uint64_t seq = 0;; ++seq) {
      chunk& c = ring_[seq % ring_.size()];
      {
        std::unique_lock lock(m_);
        free_cv_.wait(lock, [&] { return failed_ || c.st == chunk::state::free; });
        if (failed_) break;
      }
      const bool any = fill(reader, c, read_status);
      if (any) {
        std::lock_guard lock(m_);
        c.st = chunk::state::queued;
        ++submitted_;
        work_cv_.notify_one();
      }
      if (!any || !read_status || end_) break;
    }
    {
      std::lock_guard lock(m_);
      reading_done_ = true;
      work_cv_.notify_all();
      done_cv_.notify_all();
    }
    for (auto& t : threads) t.join();
    if (write_errno_.load() != 0) note_errno(opts_, write_errno_.load());
    if (!read_status) return read_status.error();
    if (failed_) return fail(errors::errc::io_error, reader.consumed());
    st_.bytes = reader.consumed();
    st_.seconds = since(start);
    return st_;
  }

 private:
  // Lines into `c` until it is full, or no whole line is buffered and `c` has some: a chunk is
  // never held back waiting for input. True when `c` has lines; sets end_ at the end of the
  // input and `status` when reading fails.
  bool fill(line_reader& reader, chunk& c, errors::result<void>& status) {
    c.data.clear();
    c.offsets.clear();
    c.lines.clear();
    c.out.clear();
    c.ok = c.bad = 0;
    c.failed = false;
    line l;
    while (c.lines.size() < opts_.chunk_lines && c.data.size() < opts_.chunk_bytes) {
      if (!c.lines.empty() && !reader.ready()) break;
      auto more = reader.next(l);
      if (!more) {
        note_errno(opts_, errno);
        status = more.error();
        break;
      }
      if (!*more) {
        end_ = true;
        break;
      }
      c.offsets.push_back(c.data.size());
      c.data.append(l.text);
      c.lines.push_back(l);
    }
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
      c.lines[i].text = std::string_view(c.data).substr(c.offsets[i], c.lines[i].text.size());
    }
    return !c.lines.empty();
  }

  void work_loop() {
    for (;;) {
      std::uint64_t seq = 0;
      {
        std::unique_lock lock(m_);
        work_cv_.wait(lock, [&] { return next_work_ < submitted_ || reading_done_; });
        if (next_work_ == submitted_) return;
        seq = next_work_++;
      }
      chunk& c = ring_[seq % ring_.size()];
      if (!failed_.load()) {
        for (const line& l : c.lines) {
          const outcome r = call(process_, l, c.out);
          if (r == outcome::io_error) {
            c.failed = true;
            break;
          }
          ++(r == outcome::ok ? c.ok : c.bad);
        }
      }
      std::lock_guard lock(m_);
      c.st = chunk::state::done;
      done_cv_.notify_all();
    }
  }

  void write_loop() {
    for (std::uint64_t seq = 0;; ++seq) {
      chunk& c = ring_[seq % ring_.size()];
      {
        std::unique_lock lock(m_);
        done_cv_.wait(lock, [&] { return (seq < submitted_ && c.st == chunk::state::done) || (reading_done_ && seq == submitted_); });
        if (seq == submitted_) return;
      }
      if (!failed_.load()) {
        if (!files::write_all(out_fd_, c.out)) {
          write_errno_.store(errno);
          failed_.store(true);
        }
        if (c.failed) failed_.store(true);
        st_.lines += c.lines.size();
        st_.ok += c.ok;
        st_.bad += c.bad;
      }
      std::lock_guard lock(m_);
      c.st = chunk::state::free;
      free_cv_.notify_all();
    }
  }

  int out_fd_;
  const processor& process_;
  options opts_;
  std::vector<chunk> ring_;
  std::mutex m_;
  std::condition_variable work_cv_, done_cv_, free_cv_;
  std::uint64_t submitted_ = 0;
  std::uint64_t next_work_ = 0;
  bool reading_done_ = false;
  bool end_ = false;
  std::atomic<bool> failed_{false};
  std::atomic<int> write_errno_{0};
  stats st_;
};

}  // namespace

errors::result<stats> run(int in_fd, int out_fd, const processor& process, const options& o) {
  if (o.error_number != nullptr) *o.error_number = 0;
  if (o.jobs > max_jobs) return fail(errc::internal_error, 0);
  try {
    if (o.jobs <= 1) return run_inline(in_fd, out_fd, process, o);
    pipeline p(out_fd, process, o);
    return p.run(in_fd);
  } catch (const std::exception&) {  // std::bad_alloc, std::system_error from std::thread
    return fail(errc::internal_error, 0);
  }
}

}  // namespace mailtokit::batch
