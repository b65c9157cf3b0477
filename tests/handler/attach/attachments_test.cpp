#include "attach/attachments.hpp"

#include <fcntl.h>
#include <grp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit;
using attachments::refusal;
namespace fs = std::filesystem;

namespace {

// A private folder for each test, outside every system place (a TMPDIR under /var would be one).
fs::path outside_system_places() {
  fs::path base = fs::temp_directory_path();
  for (std::string_view place : attachments::system_places)
    if (fs::weakly_canonical(base).string().rfind(std::string(place) + "/", 0) == 0) base = "/tmp";
  return base;
}

struct attach_dir : temp_dir {
  attach_dir() : temp_dir("mailtokit-attach", outside_system_places()) {}
};

attachments::vetted_file vet_path(const std::string& p, const std::string& home = "") {
  attachments::vet_context ctx;
  ctx.home = home;
  ctx.user_folders.emplace();
  ctx.temp_folder = outside_system_places().string();
  return attachments::vet({p, 0}, ctx);
}

unsigned mode_of(const std::string& p) {
  struct stat st {};
  REQUIRE(lstat(p.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

bool fd_open(int fd) { return fcntl(fd, F_GETFD) != -1; }

}  // namespace

TEST_CASE("local_path takes absolute paths and file URIs of this machine only", "[attachments]") {
  CHECK(*attachments::local_path("/home/u/report.odt") == "/home/u/report.odt");
  // A '%' in a plain path is the file name's own: the mailto parser decoded the value already.
  CHECK(*attachments::local_path("/tmp/100%25 sure.txt") == "/tmp/100%25 sure.txt");
  CHECK(*attachments::local_path("file:///tmp/a%20b.txt") == "/tmp/a b.txt");
  CHECK(*attachments::local_path("file://localhost/tmp/x") == "/tmp/x");
  CHECK(*attachments::local_path("FILE://LocalHost/tmp/x") == "/tmp/x");
  CHECK(*attachments::local_path("file:/tmp/x") == "/tmp/x");
  CHECK(*attachments::local_path("file:///tmp/Bericht%20%C3%BCber%20%C3%84.pdf") ==
        "/tmp/Bericht \xC3\xBC"
        "ber \xC3\x84.pdf");
  CHECK(*attachments::local_path("file:///tmp/what%3F%23.txt") == "/tmp/what?#.txt");
  for (const char* bad :
       {"", "report.odt", "./report.odt", "~/report.odt", "http://example.org/x.pdf", "https:///tmp/x",
        "file://example.org/tmp/x", "file://evil.localhost/x", "file:tmp/x", "file://", "file:///tmp/x?y",
        "file:///tmp/x#y", "file:///tmp/%00x", "file:///tmp/%zz", "file:///tmp/%4", "smb://server/share/x",
        "\\\\server\\share\\x"}) {
    INFO(bad);
    CHECK_FALSE(attachments::local_path(bad));
  }
  CHECK_FALSE(attachments::local_path(std::string("/tmp/a\0b", 8)));
}

TEST_CASE("an ordinary file is described: name, folder, size, type, an open descriptor", "[attachments]") {
  attach_dir t;
  const std::string p = t.path + "/report.pdf";
  write_file(p, "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
  auto f = vet_path(p);
  REQUIRE(f.allowed());
  CHECK(attachments::code(f.why) == "none");
  CHECK(f.refusal_text.empty());
  CHECK(f.shown_path == p);
  CHECK(f.name == "report.pdf");
  CHECK(f.folder == t.path);
  CHECK(f.size == fs::file_size(p));
  CHECK(f.mime_type == "application/pdf");
  CHECK_FALSE(f.type_text.empty());
  CHECK(f.size_text.find("bytes") != std::string::npos);
  REQUIRE(f.fd() >= 0);
  CHECK((fcntl(f.fd(), F_GETFD) & FD_CLOEXEC) != 0);
  CHECK((fcntl(f.fd(), F_GETFL) & O_ACCMODE) == O_RDONLY);

  // The type comes from the contents too, not only the name.
  const std::string text = t.path + "/notes.txt";
  write_file(text, "just some words\n");
  CHECK(vet_path(text).mime_type == "text/plain");
  const std::string png = t.path + "/picture";
  write_file(png, std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  CHECK(vet_path(png).mime_type == "image/png");
}

TEST_CASE("a file URI and a symbolic link are judged where they lead", "[attachments]") {
  attach_dir t;
  const std::string p = t.path +
                        "/Bericht \xC3\xBC"
                        "ber \xC3\x84.pdf";
  write_file(p, "%PDF-1.4\n");
  auto f = vet_path("file://" + t.path + "/Bericht%20%C3%BCber%20%C3%84.pdf");
  REQUIRE(f.allowed());
  CHECK(f.name ==
        "Bericht \xC3\xBC"
        "ber \xC3\x84.pdf");
  const std::string link = t.path + "/link.pdf";
  REQUIRE(symlink(p.c_str(), link.c_str()) == 0);
  auto g = vet_path(link);
  REQUIRE(g.allowed());
  CHECK(g.shown_path == p);
  CHECK(g.requested.path_as_given == link);
}

TEST_CASE("requests that are not local files are refused", "[attachments]") {
  for (const char* bad : {"report.odt", "http://example.org/x.pdf", "file://example.org/tmp/x"}) {
    auto f = vet_path(bad);
    CHECK(f.why == refusal::not_a_local_file);
    CHECK(attachments::code(f.why) == "not_a_local_file");
    CHECK_FALSE(f.refusal_text.empty());
    CHECK(f.fd() == -1);
  }
}

TEST_CASE("missing files, folders and special files are refused", "[attachments]") {
  attach_dir t;
  CHECK(vet_path(t.path + "/nothing-here.pdf").why == refusal::not_found);
  const std::string dangling = t.path + "/dangling";
  REQUIRE(symlink((t.path + "/gone").c_str(), dangling.c_str()) == 0);
  CHECK(vet_path(dangling).why == refusal::not_found);

  const std::string dir = t.path + "/Documents";
  fs::create_directory(dir);
  auto d = vet_path(dir);
  CHECK(d.why == refusal::directory);
  CHECK(attachments::code(d.why) == "directory");
  CHECK(d.fd() == -1);

  // A pipe would block a reader forever: refused before anything opens it.
  const std::string fifo = t.path + "/pipe";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  auto p = vet_path(fifo);
  CHECK(p.why == refusal::not_regular_file);
  CHECK(p.fd() == -1);
  const std::string fifo_link = t.path + "/pipe.pdf";
  REQUIRE(symlink(fifo.c_str(), fifo_link.c_str()) == 0);
  CHECK(vet_path(fifo_link).why == refusal::not_regular_file);

  // A folder behind a link with a file's name.
  const std::string dir_link = t.path + "/report.pdf";
  REQUIRE(symlink(dir.c_str(), dir_link.c_str()) == 0);
  CHECK(vet_path(dir_link).why == refusal::directory);

  // A socket (a program's listening endpoint).
  const std::string sock_path = t.path + "/socket";
  const int sock = socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(sock >= 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  REQUIRE(sock_path.size() < sizeof addr.sun_path);
  std::copy(sock_path.begin(), sock_path.end(), addr.sun_path);
  REQUIRE(bind(sock, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0);
  auto so = vet_path(sock_path);
  CHECK(so.why == refusal::not_regular_file);
  CHECK(so.fd() == -1);
  close(sock);
}

TEST_CASE("a device outside /dev is refused as not a regular file", "[attachments]") {
  // /dev itself is a system place; a device node made elsewhere (a USB stick's image, a
  // container's /dev bind-mounted under HOME) is judged by its kind. Making one needs CAP_MKNOD.
  attach_dir t;
  const std::string node = t.path + "/disk.img";
  if (mknod(node.c_str(), S_IFCHR | 0600, makedev(1, 3)) != 0) {  // the null device's numbers
    WARN("SKIP: mknod needs CAP_MKNOD (run as root): " << std::strerror(errno));
    return;
  }
  auto f = vet_path(node);
  CHECK(f.why == refusal::not_regular_file);
  CHECK(attachments::code(f.why) == "not_regular_file");
  CHECK(f.fd() == -1);
}

TEST_CASE("system places are refused, also through a link", "[attachments]") {
  attach_dir t;
  for (const char* p : {"/etc/passwd", "/proc/self/status", "/proc/self/environ", "/dev/null", "/dev/zero",
                        "/sys/kernel/mm", "/etc", "file:///etc/hostname", "file://localhost/proc/version"}) {
    INFO(p);
    auto f = vet_path(p);
    CHECK(f.why == refusal::system_place);
    CHECK(f.fd() == -1);
  }
  const std::string link = t.path + "/report.pdf";
  REQUIRE(symlink("/etc/passwd", link.c_str()) == 0);
  auto f = vet_path(link);
  CHECK(f.why == refusal::system_place);
  CHECK(f.shown_path == "/etc/passwd");
  CHECK(f.refusal_text.find("/etc") != std::string::npos);
  // /etcetera is not /etc.
  CHECK_FALSE(vet_path("/etcetera/x").why == refusal::system_place);
  // Every system place, each judged where it stands (a folder is refused for its place first).
  for (std::string_view place : attachments::system_places) {
    INFO(place);
    REQUIRE(fs::exists(place));
    CHECK(vet_path(std::string(place)).why == refusal::system_place);
  }
  // A regular file under /var and /run where one can be made (the world-writable /var/tmp and
  // /dev/shm): the place decides, not the kind of file.
  for (const char* folder : {"/var/tmp", "/dev/shm", "/run/lock"}) {
    INFO(folder);
    std::string tmpl = std::string(folder) + "/mailtokit-attach-XXXXXX";
    const int fd = mkstemp(tmpl.data());
    if (fd < 0) {
      WARN("SKIP: cannot write a file in " << folder);
      continue;
    }
    (void)!write(fd, "x", 1);
    close(fd);
    CHECK(vet_path(tmpl).why == refusal::system_place);
    // Through a link in an ordinary folder.
    const std::string via = t.path + "/notes.txt";
    fs::remove(via);
    REQUIRE(symlink(tmpl.c_str(), via.c_str()) == 0);
    CHECK(vet_path(via).why == refusal::system_place);
    unlink(tmpl.c_str());
  }
}

TEST_CASE("hidden files and files in hidden folders are refused", "[attachments]") {
  attach_dir t;
  const std::string hidden = t.path + "/.secret";
  write_file(hidden, "x");
  auto f = vet_path(hidden);
  CHECK(f.why == refusal::hidden);
  CHECK(f.refusal_text == "it is a hidden file");
  fs::create_directories(t.path + "/project/.git");
  write_file(t.path + "/project/.git/config", "[credential]\n");
  CHECK(vet_path(t.path + "/project/.git/config").why == refusal::hidden);
  // Through a link with an ordinary name.
  const std::string link = t.path + "/config.txt";
  REQUIRE(symlink((t.path + "/project/.git/config").c_str(), link.c_str()) == 0);
  CHECK(vet_path(link).why == refusal::hidden);
}

TEST_CASE("anything under a hidden folder of the home directory is refused", "[attachments]") {
  attach_dir t;
  const std::string home = t.path + "/home";
  for (const char* sub : {"/.ssh", "/.gnupg/private-keys-v1.d", "/.mozilla/firefox/x.default",
                          "/.thunderbird/y.default", "/.local/share/keyrings", "/Documents"})
    fs::create_directories(home + sub);
  for (const char* file :
       {"/.ssh/id_ed25519", "/.gnupg/private-keys-v1.d/A.key", "/.mozilla/firefox/x.default/logins.json",
        "/.thunderbird/y.default/key4.db", "/.local/share/keyrings/login.keyring"}) {
    INFO(file);
    write_file(home + file, "secret");
    auto f = vet_path(home + file, home);
    CHECK(f.why == refusal::hidden_home_folder);
    CHECK(attachments::code(f.why) == "hidden_home_folder");
    CHECK(f.fd() == -1);
  }
  CHECK(vet_path(home + "/.ssh/id_ed25519", home).refusal_text.find(".ssh") != std::string::npos);
  // A hidden file right in the home folder (~/.netrc, ~/.bash_history): a hidden file.
  write_file(home + "/.netrc", "machine example.org login u password p\n");
  CHECK(vet_path(home + "/.netrc", home).why == refusal::hidden);
  CHECK(vet_path(home + "/.netrc", home).fd() == -1);
  // ~/Documents/id.txt -> ~/.ssh/id_ed25519: a link in an ordinary folder.
  REQUIRE(symlink((home + "/.ssh/id_ed25519").c_str(), (home + "/Documents/id.txt").c_str()) == 0);
  CHECK(vet_path(home + "/Documents/id.txt", home).why == refusal::hidden_home_folder);
  // ~/Documents/keys -> ~/.gnupg: a linked folder on the way.
  REQUIRE(symlink((home + "/.gnupg").c_str(), (home + "/Documents/keys").c_str()) == 0);
  CHECK(vet_path(home + "/Documents/keys/private-keys-v1.d/A.key", home).why == refusal::hidden_home_folder);
  // ~/report.pdf -> ~/.ssh/id_ed25519
  REQUIRE(symlink((home + "/.ssh/id_ed25519").c_str(), (home + "/report.pdf").c_str()) == 0);
  CHECK(vet_path(home + "/report.pdf", home).why == refusal::hidden_home_folder);
  // A HOME given through a link is resolved as well.
  REQUIRE(symlink(home.c_str(), (t.path + "/home-link").c_str()) == 0);
  CHECK(vet_path(home + "/.ssh/id_ed25519", t.path + "/home-link").why == refusal::hidden_home_folder);
  // The user's own documents are fine.
  write_file(home + "/Documents/letter.txt", "Dear ...\n");
  CHECK(vet_path(home + "/Documents/letter.txt", home).allowed());
}

TEST_CASE("files over the size limit are refused, and the limit is configurable", "[attachments]") {
  attach_dir t;
  CHECK(attachments::default_max_size == 25'000'000);
  const std::string big = t.path + "/big.iso";
  {
    // Sparse: the size without the disk space.
    const int fd = open(big.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    REQUIRE(fd >= 0);
    REQUIRE(ftruncate(fd, static_cast<off_t>(attachments::default_max_size + 1)) == 0);
    close(fd);
  }
  auto f = vet_path(big);
  CHECK(f.why == refusal::too_big);
  CHECK(f.size == attachments::default_max_size + 1);
  // g_format_size puts a no-break space (U+00A0) between number and unit.
  CHECK(f.size_text == "25.0\xC2\xA0MB");
  CHECK(f.refusal_text == "it is larger than 25.0\xC2\xA0MB, the largest file mailtokit attaches");
  CHECK(f.fd() == -1);
  REQUIRE(truncate(big.c_str(), static_cast<off_t>(attachments::default_max_size)) == 0);
  CHECK(vet_path(big).allowed());

  attachments::vet_context small;
  small.max_size = 10;
  const std::string eleven = t.path + "/eleven.txt";
  write_file(eleven, "01234567890");
  CHECK(attachments::vet({eleven, 0}, small).why == refusal::too_big);
  small.max_size = 11;
  CHECK(attachments::vet({eleven, 0}, small).allowed());
}

TEST_CASE("files the user cannot read are refused", "[attachments]") {
  attach_dir t;
  fs::permissions(t.path, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  const std::string locked = t.path + "/locked.txt";
  write_file(locked, "not yours");
  REQUIRE(chmod(locked.c_str(), 0000) == 0);
  const std::string closed_dir = t.path + "/closed";
  fs::create_directory(closed_dir);
  write_file(closed_dir + "/inside.txt", "x");
  REQUIRE(chmod(closed_dir.c_str(), 0700) == 0);

  if (geteuid() != 0) {
    CHECK(vet_path(locked).why == refusal::unreadable);
    return;
  }
  // Root reads a mode-0000 file (CAP_DAC_OVERRIDE): the rule is about the user running mailtokit,
  // so it is checked in a child that has become an ordinary user (nobody, 65534).
  REQUIRE(chown(closed_dir.c_str(), 0, 0) == 0);
  // The child's home folder is the test's folder (whose temporary folder nobody does not own).
  auto as_nobody = [&t](const std::string& path) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      close(fds[0]);
      if (setgroups(0, nullptr) != 0 || setresgid(65534, 65534, 65534) != 0 ||
          setresuid(65534, 65534, 65534) != 0)
        _exit(2);
      const auto f = vet_path(path, t.path);
      const std::string code(attachments::code(f.why));
      (void)!write(fds[1], code.data(), code.size());
      _exit(0);
    }
    close(fds[1]);
    std::string got;
    char buf[64];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return got;
  };
  CHECK(as_nobody(locked) == "unreadable");
  CHECK(as_nobody(closed_dir + "/inside.txt") == "unreadable");
  // The same child reads an ordinary file: the refusal above is the permission, not the set-up.
  const std::string open_file = t.path + "/open.txt";
  write_file(open_file, "public");
  REQUIRE(chmod(open_file.c_str(), 0644) == 0);
  CHECK(as_nobody(open_file) == "none");
}

TEST_CASE("a file swapped or changed after it was judged is noticed", "[attachments]") {
  attach_dir t;
  const std::string p = t.path + "/report.txt";
  write_file(p, "the report the user saw\n");

  SECTION("replaced by another file at the same path") {
    auto f = vet_path(p);
    REQUIRE(f.allowed());
    REQUIRE(still_same(f));
    write_file(t.path + "/other.txt", "something else entirely\n");
    REQUIRE(rename((t.path + "/other.txt").c_str(), p.c_str()) == 0);
    CHECK_FALSE(still_same(f));
    CHECK(f.why == refusal::changed);
    CHECK(f.fd() == -1);
  }
  SECTION("replaced by a link to a secret") {
    auto f = vet_path(p);
    REQUIRE(f.allowed());
    REQUIRE(unlink(p.c_str()) == 0);
    REQUIRE(symlink("/etc/passwd", p.c_str()) == 0);
    CHECK_FALSE(still_same(f));
    CHECK(f.why == refusal::changed);
  }
  SECTION("changed in place") {
    auto f = vet_path(p);
    REQUIRE(f.allowed());
    {
      std::ofstream out(p, std::ios::app);
      out << "a line added later\n";
    }
    CHECK_FALSE(still_same(f));
    auto g = vet_path(p);  // judged again: fine, with its new size
    REQUIRE(g.allowed());
    {
      std::ofstream out(p, std::ios::app);
      out << "and another\n";
    }
    CHECK_FALSE(read_contents(g));
    CHECK(g.why == refusal::changed);
  }
  SECTION("the descriptor keeps reading the file that was judged") {
    auto f = vet_path(p);
    REQUIRE(f.allowed());
    write_file(t.path + "/other.txt", "swapped in\n");
    REQUIRE(rename((t.path + "/other.txt").c_str(), p.c_str()) == 0);
    auto bytes = read_contents(f);
    REQUIRE(bytes);
    CHECK(*bytes == "the report the user saw\n");
  }
}

TEST_CASE("the hand-over copy is private and holds the bytes that were shown", "[attachments]") {
  attach_dir t;
  std::string all_bytes;
  for (int i = 0; i < 256; ++i) all_bytes += static_cast<char>(i);
  for (int i = 0; i < 400; ++i) all_bytes += static_cast<char>(i * 7);  // more than one read
  const std::string name =
      "Bericht \xC3\xBC"
      "ber \xC3\x84.bin";
  const std::string p = t.path + "/" + name;
  write_file(p, all_bytes);
  const std::string drafts = t.path + "/drafts";
  REQUIRE(mkdir(drafts.c_str(), 0700) == 0);
  auto f = vet_path(p);
  REQUIRE(f.allowed());
  auto copy = copy_for_handover(f, drafts);
  REQUIRE(copy);
  CHECK(fs::path(*copy).filename() == name);
  CHECK(fs::path(*copy).parent_path().parent_path() == drafts);
  CHECK(fs::path(*copy).parent_path().filename().string().rfind("attach-", 0) == 0);
  CHECK(mode_of(*copy) == 0600);
  CHECK(mode_of(fs::path(*copy).parent_path().string()) == 0700);
  CHECK(slurp(*copy) == all_bytes);
  auto read = read_contents(f);
  REQUIRE(read);
  CHECK(*read == all_bytes);
  // Each copy gets its own folder: the same file twice never collides.
  auto again = copy_for_handover(f, drafts);
  REQUIRE(again);
  CHECK(*again != *copy);
  // A refused file is never copied.
  auto d = vet_path(t.path + "/missing");
  CHECK_FALSE(copy_for_handover(d, drafts));
}

TEST_CASE("a vetted file owns its descriptor", "[attachments]") {
  attach_dir t;
  const std::string p = t.path + "/a.txt";
  write_file(p, "a");
  int fd = -1;
  {
    auto f = vet_path(p);
    REQUIRE(f.allowed());
    fd = f.fd();
    attachments::vetted_file g = std::move(f);
    CHECK(f.fd() == -1);
    CHECK(g.fd() == fd);
    CHECK(fd_open(fd));
    std::vector<attachments::vetted_file> all = attachments::vet_all({{p, 0}, {"/etc/shadow", 5}}, {});
    REQUIRE(all.size() == 2);
    CHECK(all[0].allowed());
    CHECK(all[1].why == refusal::system_place);
    CHECK(all[1].requested.offset == 5);
  }
  CHECK_FALSE(fd_open(fd));
}

TEST_CASE("refusal codes are stable names", "[attachments]") {
  CHECK(attachments::code(refusal::not_regular_file) == "not_regular_file");
  CHECK(attachments::code(refusal::unreadable) == "unreadable");
  CHECK(attachments::code(refusal::hidden) == "hidden");
  CHECK(attachments::code(refusal::system_place) == "system_place");
  CHECK(attachments::code(refusal::too_big) == "too_big");
  CHECK(attachments::code(refusal::changed) == "changed");
}

TEST_CASE("a path through /proc, /sys or /dev is refused as written, wherever it leads", "[attachments]") {
  // Issue 35: /proc/self/cwd is the handler's working folder, often HOME: a link could name a
  // file there without knowing the user's name. It resolved to an ordinary file and was offered.
  attach_dir t;
  const std::string doc = t.path + "/report.pdf";
  write_file(doc, "%PDF-1.4\n");
  REQUIRE(chdir(t.path.c_str()) == 0);
  const std::vector<std::string> paths = {"/proc/self/cwd/report.pdf", "file:///proc/self/cwd/report.pdf",
                                          "/proc/" + std::to_string(getpid()) + "/cwd/report.pdf",
                                          "/tmp/../proc/self/cwd/report.pdf", "//proc/self/cwd/report.pdf",
                                          "/proc/self/root" + doc};
  for (const std::string& p : paths) {
    INFO(p);
    auto f = vet_path(p);
    CHECK(f.why == refusal::system_place);
    CHECK(f.fd() == -1);
    CHECK(f.refusal_text.find("system folder /proc") != std::string::npos);
  }
  // /dev/fd is a link to /proc/self/fd: "/dev/fd/../.." leads nowhere (refused as not found).
  CHECK_FALSE(vet_path("/dev/fd/../../proc/self/cwd/report.pdf").allowed());
  REQUIRE(chdir("/") == 0);
  CHECK(vet_path(doc).allowed());  // the same file, named as it is
}

TEST_CASE("credential files are refused wherever they live", "[attachments]") {
  attach_dir t;
  for (const std::string name : {"krb5cc_1000", "krb5cc_1000_AbCdEf", "xauth-1000-_0", "xauth_XyZ12", "serverauth.123",
                                 "Xauthority", "user.xauth", "host.ccache"}) {
    INFO(name);
    const std::string p = t.path + "/" + name;
    write_file(p, "secret");
    CHECK(attachments::credential_file(p));
    auto f = vet_path(p);
    CHECK(f.why == refusal::credential);
    CHECK(f.fd() == -1);
  }
  for (const std::string folder : {"ssh-XXXXabcd", "gpg-abc", "keyring-Xyz", "kwallet5"}) {
    INFO(folder);
    fs::create_directory(t.path + "/" + folder);
    const std::string p = t.path + "/" + folder + "/agent.1234";
    write_file(p, "secret");
    CHECK(vet_path(p).why == refusal::credential);
  }
  // Ordinary names that only look alike are not refused for it; LibreOffice's export folder is fine.
  for (const std::string name : {"report-krb5cc.pdf", "xauthor.txt", "ssh-notes.txt"}) {
    INFO(name);
    const std::string p = t.path + "/" + name;
    write_file(p, "fine");
    CHECK(vet_path(p).allowed());
  }
  fs::create_directory(t.path + "/lu12345abc.tmp");
  write_file(t.path + "/lu12345abc.tmp/Letter.pdf", "%PDF-1.4\n");
  CHECK(vet_path(t.path + "/lu12345abc.tmp/Letter.pdf").allowed());
}

TEST_CASE("the same file asked for more than once is offered once", "[attachments]") {
  attach_dir t;
  const std::string doc = t.path + "/brochure.pdf";
  write_file(doc, std::string(100000, 'x'));
  const std::string link = t.path + "/again.pdf";
  REQUIRE(symlink(doc.c_str(), link.c_str()) == 0);
  std::vector<attachments::request> reqs;
  for (int i = 0; i < 999; ++i) reqs.push_back({i % 3 == 0 ? link : (i % 3 == 1 ? "file://" + doc : doc), 0});
  attachments::vet_context ctx;
  const auto files = attachments::vet_all(reqs, ctx);
  REQUIRE(files.size() == 999);
  CHECK(files[0].allowed());
  std::size_t offered = 0;
  for (const auto& f : files) {
    offered += f.allowed() ? 1u : 0u;
    if (!f.allowed()) {
      CHECK(f.why == refusal::duplicate);
      CHECK(f.fd() == -1);
      CHECK(f.refusal_text.find(doc) != std::string::npos);
    }
  }
  CHECK(offered == 1);
  CHECK(attachments::code(refusal::duplicate) == "duplicate");
  CHECK(attachments::code(refusal::credential) == "credential");
}

TEST_CASE("at most attach_max_files files and attach_max_total bytes are offered", "[attachments]") {
  // Issue 35: the question listed 12 files and "... and N more", and Attach sent the 13th too.
  attach_dir t;
  std::vector<attachments::request> reqs;
  for (int i = 0; i < 14; ++i) {
    const std::string p = t.path + "/brochure-" + std::to_string(i) + ".pdf";
    write_file(p, std::string(1000, 'x'));
    reqs.push_back({p, 0});
  }
  attachments::vet_context ctx;
  auto files = attachments::vet_all(reqs, ctx);
  std::size_t offered = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    INFO(i);
    CHECK(files[i].allowed() == (i < attachments::default_max_files));
    if (!files[i].allowed()) {
      CHECK(files[i].why == refusal::over_limit);
      CHECK(files[i].refusal_text.find("attach_max_files") != std::string::npos);
    }
    offered += files[i].allowed() ? 1u : 0u;
  }
  CHECK(offered == 12);
  ctx.max_files = 3;
  ctx.max_total = 2500;  // two files of 1000 bytes fit, the third does not
  files = attachments::vet_all(reqs, ctx);
  CHECK(files[0].allowed());
  CHECK(files[1].allowed());
  CHECK(files[2].why == refusal::over_limit);
  CHECK(files[2].refusal_text.find("attach_max_total") != std::string::npos);
  CHECK(attachments::code(refusal::over_limit) == "over_limit");
}

TEST_CASE("files come only from the places files are sent from", "[attachments]") {
  temp_dir t;
  const std::string home = t.path + "/home", pictures = t.path + "/data/Pictures", temp = t.path + "/tmp";
  for (const auto& d : {home + "/Documents", home + "/.ssh", pictures, t.path + "/data/other", temp})
    fs::create_directories(d);
  fs::permissions(temp, fs::perms::all | fs::perms::sticky_bit);  // as /tmp is: 1777
  attachments::vet_context ctx;
  ctx.home = home;
  ctx.user_folders = std::vector<std::string>{pictures};  // an XDG user folder outside the home folder
  ctx.temp_folder = temp;
  const auto judged = [&](const std::string& p) { return attachments::vet({p, 0}, ctx); };
  // Allowed: the home folder outside its hidden folders, the XDG user folders, a private folder
  // a program made in the temporary folder (LibreOffice's /tmp/lu*.tmp/lu*.tmp/).
  write_file(home + "/Documents/letter.txt", "Dear ...\n");
  write_file(home + "/report.pdf", "%PDF-1.4\n");
  write_file(pictures + "/cat.jpg", "JFIF");
  fs::create_directories(temp + "/lu123.tmp/lu456.tmp");
  fs::permissions(temp + "/lu123.tmp", fs::perms::owner_all);
  write_file(temp + "/lu123.tmp/lu456.tmp/Letter.pdf", "%PDF-1.4\n");
  for (const auto& p : {home + "/Documents/letter.txt", home + "/report.pdf", pictures + "/cat.jpg",
                        temp + "/lu123.tmp/lu456.tmp/Letter.pdf"}) {
    INFO(p);
    CHECK(judged(p).allowed());
  }
  // Refused: ~/.ssh, a file right in the temporary folder, a folder there others may write to,
  // any other place.
  write_file(home + "/.ssh/id_ed25519", "secret");
  CHECK(judged(home + "/.ssh/id_ed25519").why == refusal::hidden_home_folder);
  write_file(temp + "/report.pdf", "%PDF-1.4\n");
  fs::create_directories(temp + "/shared");
  fs::permissions(temp + "/shared", fs::perms::all);
  write_file(temp + "/shared/report.pdf", "%PDF-1.4\n");
  write_file(t.path + "/data/other/report.pdf", "%PDF-1.4\n");
  for (const auto& p : {temp + "/report.pdf", temp + "/shared/report.pdf", t.path + "/data/other/report.pdf"}) {
    INFO(p);
    const auto f = judged(p);
    CHECK(f.why == refusal::outside_user_places);
    CHECK(attachments::code(f.why) == "outside_user_places");
    CHECK(f.fd() == -1);
    CHECK(f.refusal_text.find("home folder") != std::string::npos);
  }
  // A link from the home folder to a place outside is judged where it leads.
  REQUIRE(symlink((t.path + "/data/other/report.pdf").c_str(), (home + "/Documents/other.pdf").c_str()) == 0);
  CHECK(judged(home + "/Documents/other.pdf").why == refusal::outside_user_places);
  // /etc keeps the words of a system folder; a file in the real /tmp is refused.
  CHECK(judged("/etc/hostname").why == refusal::system_place);
  std::string in_tmp = "/tmp/mailtokit-attach-XXXXXX";
  const int fd = mkstemp(in_tmp.data());
  REQUIRE(fd >= 0);
  close(fd);
  ctx.temp_folder = "/tmp";
  CHECK(judged(in_tmp).why == refusal::outside_user_places);
  unlink(in_tmp.c_str());
  // Without a home folder, none is allowed.
  ctx.home.clear();
  ctx.temp_folder = temp;
  CHECK(judged(home + "/report.pdf").why == refusal::outside_user_places);
}

TEST_CASE("allowed places: home, XDG user folders, removable media, a private temporary folder", "[attachments]") {
  attachments::vet_context ctx;
  ctx.home = "/home/u";
  ctx.user_folders = std::vector<std::string>{"/data/Downloads", "/", ""};  // "/" and "" allow nothing
  ctx.temp_folder = "";
  for (const char* p : {"/home/u/report.pdf", "/home/u/Documents/a/b.odt", "/data/Downloads/x.zip",
                        "/media/u/STICK/photo.jpg", "/run/media/u/STICK/photo.jpg"}) {
    INFO(p);
    CHECK(attachments::allowed_place(p, ctx));
  }
  for (const char* p : {"/home/user2/x", "/home/u", "/tmp/x", "/tmp/folder/x", "/opt/app/x", "/srv/x", "/usr/share/x",
                        "/data/Downloadsx/y", "/mediax/y", "/run/user/1000/x", "/root/x"}) {
    INFO(p);
    CHECK_FALSE(attachments::allowed_place(p, ctx));
  }
}
