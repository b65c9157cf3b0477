// The training run of the profile-guided build (MAILTOKIT_PGO, tests/pgo/README.md): the library's
// layers built with -fprofile-generate, run over links of the test data (the mailto fuzz seed
// corpus, the real links of tests/data/corpus_real_links.tsv; not the benchmark's links), doing
// what `batch --json` and the program do with a link: read it in the default and the strict mode,
// write its JSON, compose its draft and build its link again. GCC then optimizes the library for
// the branches this run took (-fprofile-use); what it never ran stays optimized as without a
// profile (-fprofile-partial-training).
// usage: mailtokit_pgo_train (DIR | FILE.tsv)...
//   every regular file of a DIR is one link; every row of a FILE.tsv (tests/data's format: '#'
//   comments, TSV escapes) has a link in its first column
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "mailtokit/compose.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "tsv_unescape.hpp"

namespace {

std::string contents(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The links of `arg`, appended to `links`; false (and a message) when it cannot be read.
bool read_links(const std::filesystem::path& arg, std::vector<std::string>& links) {
  std::error_code ec;
  if (std::filesystem::is_directory(arg, ec)) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(arg, ec))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());  // the same run every time
    for (const auto& f : files) links.push_back(contents(f));
  } else if (std::ifstream in(arg, std::ios::binary); in) {
    for (auto& row : mailtokit::test::tsv_rows(in)) links.push_back(std::move(row.cols.front()));
  } else {
    ec = std::make_error_code(std::errc::no_such_file_or_directory);
  }
  if (ec) std::fprintf(stderr, "mailtokit_pgo_train: %s: %s\n", arg.c_str(), ec.message().c_str());
  return !ec;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: mailtokit_pgo_train (DIR | FILE.tsv)...\n");
    return 2;
  }
  std::vector<std::string> links;
  for (int i = 1; i < argc; ++i)
    if (!read_links(argv[i], links)) return 1;
  if (links.empty()) {
    std::fprintf(stderr, "mailtokit_pgo_train: no links in the given files\n");
    return 1;
  }
  mailtokit::parse_options strict;
  strict.strict = true;
  mailtokit::draft_parser readers[] = {mailtokit::draft_parser{}, mailtokit::draft_parser{strict}};
  mailtokit::compose_options fixed;
  fixed.date = "Thu, 03 Dec 2026 12:00:00 +0000";
  fixed.message_id = "<training@mailtokit.invalid>";
  std::string out;
  std::size_t drafts = 0, errors = 0, bytes = 0;
  for (const auto& link : links) {
    for (auto& reader : readers) {
      out.clear();
      if (auto r = reader.parse(link); !r) {
        mailtokit::json::append_error(out, r.error());
        ++errors;
      } else {
        mailtokit::json::append_draft(out, reader.current());
        if (auto eml = mailtokit::compose(reader.current(), fixed)) bytes += eml->size();
        bytes += mailtokit::build_mailto(reader.current()).size();
        ++drafts;
      }
      bytes += out.size();
    }
  }
  std::printf("mailtokit_pgo_train: %zu links, %zu drafts, %zu errors, %zu bytes written\n", links.size(), drafts,
              errors, bytes);
  return 0;
}
