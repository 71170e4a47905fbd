// Files are saved through a temporary file, flushed and renamed: a save that cannot
// finish (a read-only folder, a full disk, a process killed in the middle) leaves the old
// file byte for byte as it was, and says which file and why. Each fault is made real in
// a forked child, which reports back through a pipe: the parent cannot see the child's
// mounts, and the child cannot take back the privileges it dropped.
#include "app/document/file_save.h"
#include "tests/support/run_process.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

namespace {
namespace fs = std::filesystem;

const std::string kOld = "{\"sample\": \"old\"}\n";

std::string read_all(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::vector<std::string> names_in(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string new_folder(const std::string& name) {
  const std::string folder = temp_path(name);
  fs::create_directory(folder);
  fs::permissions(fs::path(folder).parent_path(), fs::perms(0755));  // others may pass through
  return folder;
}

TEST(FileSave, WritesTheBytesAndLeavesNoTemporaryFile) {
  const std::string folder = new_folder("plain");
  const std::string path = folder + "/saved.txt";
  std::string error;
  ASSERT_TRUE(save_file(path, std::string("one\0two\n", 8), error)) << error;
  EXPECT_EQ(read_all(path), std::string("one\0two\n", 8));
  ASSERT_TRUE(save_file(path, "shorter", error)) << error;
  EXPECT_EQ(read_all(path), "shorter");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"saved.txt"});
}

TEST(FileSave, AFileInTheWorkingFolderIsSavedThere) {
  const fs::path before = fs::current_path();
  fs::current_path(new_folder("working"));
  std::string error;
  EXPECT_TRUE(save_file("here.txt", "here", error)) << error;
  EXPECT_EQ(read_all("here.txt"), "here");
  EXPECT_EQ(names_in("."), std::vector<std::string>{"here.txt"});
  fs::current_path(before);
}

TEST(FileSave, TheNewFileKeepsTheOldPermissions) {
  const std::string folder = new_folder("modes");
  const std::string path = folder + "/private.json";
  std::ofstream(path) << "old";
  fs::permissions(path, fs::perms(0600));
  std::string error;
  ASSERT_TRUE(save_file(path, "new", error)) << error;
  EXPECT_EQ(fs::status(path).permissions(), fs::perms(0600));

  // A file that did not exist gets the mode any new file gets: 0666 less the umask.
  const mode_t umask_now = ::umask(022);
  ::umask(umask_now);
  ASSERT_TRUE(save_file(folder + "/fresh.json", "new", error)) << error;
  EXPECT_EQ(fs::status(folder + "/fresh.json").permissions(), fs::perms(0666 & ~umask_now));
}

TEST(FileSave, ASymbolicLinkStaysALinkToTheSavedFile) {
  const std::string folder = new_folder("linked");
  fs::create_directory(folder + "/real");
  std::ofstream(folder + "/real/settings.json") << "old";
  fs::create_symlink("real/settings.json", folder + "/settings.json");
  std::string error;
  ASSERT_TRUE(save_file(folder + "/settings.json", "new", error)) << error;
  EXPECT_TRUE(fs::is_symlink(folder + "/settings.json"));
  EXPECT_EQ(read_all(folder + "/real/settings.json"), "new");
  EXPECT_EQ(names_in(folder + "/real"), std::vector<std::string>{"settings.json"});
}

TEST(FileSave, AFailedRenameKeepsWhatWasThereAndNamesIt) {
  const std::string folder = new_folder("kept");
  const std::string path = folder + "/scene.json";
  fs::create_directory(path);  // a folder with a file in it cannot be renamed over
  std::ofstream(path + "/inside") << "inside";
  std::string error;
  EXPECT_FALSE(save_file(path, "new", error));
  EXPECT_EQ(error, "'" + path + "': Is a directory");
  EXPECT_EQ(read_all(path + "/inside"), "inside");
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"scene.json"});

  error.clear();
  const std::string nowhere = temp_path("no-such-folder") + "/file.png";
  EXPECT_FALSE(save_png(nowhere, 1, 1, {255, 0, 0, 255}, error));
  EXPECT_EQ(error, "'" + nowhere + "': No such file or directory");
  EXPECT_FALSE(fs::exists(nowhere));
}

std::string failed(const std::string& what) { return what + ": " + std::strerror(errno); }

// What the child saw: whether the save worked, its error, and the file's bytes after it.
struct ChildSave {
  std::string not_set_up;  // why the fault could not be made, if it could not
  bool saved = false;
  std::string error;
  std::string file_after;
};

// Runs `make_fault` (which returns "" once the fault is in place, else why not) and then
// save_file(path, bytes) in a child process.
ChildSave save_in_child(const std::string& path, const std::string& bytes,
                        const std::function<std::string()>& make_fault) {
  ChildSave result;
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) {
    result.not_set_up = failed("pipe");
    return result;
  }
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(pipe_fds[0]);
    std::string report = make_fault();
    if (report.empty()) {
      std::string error;
      const bool saved = save_file(path, bytes, error);
      report = std::string(saved ? "S" : "F") + error + '\0' + read_all(path);
    } else {
      report = "U" + report;
    }
    for (std::size_t sent = 0; sent < report.size();) {
      const ssize_t n = ::write(pipe_fds[1], report.data() + sent, report.size() - sent);
      if (n <= 0) ::_exit(1);
      sent += static_cast<std::size_t>(n);
    }
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string report;
  char buffer[4096];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) report.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (report.empty() || !WIFEXITED(status) || WEXITSTATUS(status) != 0) report = "Uthe child did not report";
  if (report[0] == 'U') {
    result.not_set_up = report.substr(1);
    return result;
  }
  const std::size_t end_of_error = report.find('\0');
  result.saved = report[0] == 'S';
  result.error = report.substr(1, end_of_error - 1);
  result.file_after = report.substr(end_of_error + 1);
  return result;
}

// Root may write anywhere, so the child becomes `nobody` for the folder's mode to count.
std::string become_nobody() {
  if (::geteuid() != 0) return "";
  if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) return failed("setuid");
  return "";
}

TEST(FileSaveFault, AReadOnlyFolderKeepsTheOldFile) {
  const std::string folder = new_folder("read-only");
  const std::string path = folder + "/scene.json";
  write_file(path, kOld);
  // The file itself may be written: only a save that goes through the folder is refused.
  fs::permissions(path, fs::perms(0666));
  fs::permissions(folder, fs::perms(0555));
  const ChildSave refused = save_in_child(path, "{\"sample\": \"new\"}\n", become_nobody);
  ASSERT_EQ(refused.not_set_up, "");
  EXPECT_FALSE(refused.saved);
  EXPECT_EQ(refused.error, "'" + path + "': Permission denied");
  EXPECT_EQ(read_all(path), kOld);
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"scene.json"});

  // The same child saves once the folder may be written: the mode was what stopped it.
  fs::permissions(folder, fs::perms(0777));
  const ChildSave allowed = save_in_child(path, "{\"sample\": \"new\"}\n", become_nobody);
  EXPECT_TRUE(allowed.saved) << allowed.error;
  EXPECT_EQ(read_all(path), "{\"sample\": \"new\"}\n");
}

// A private mount namespace (as root, or as a user through a user namespace) in which a
// tiny tmpfs covers `folder`; the parent and the rest of the machine never see it.
std::string mount_small_tmpfs(const std::string& folder) {
  if (::geteuid() == 0) {
    if (::unshare(CLONE_NEWNS) != 0) return failed("unshare(CLONE_NEWNS)");
  } else {
    const std::string uid_map = "0 " + std::to_string(::getuid()) + " 1";
    const std::string gid_map = "0 " + std::to_string(::getgid()) + " 1";
    if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return failed("unshare(CLONE_NEWUSER)");
    write_file("/proc/self/setgroups", "deny");
    write_file("/proc/self/uid_map", uid_map);
    write_file("/proc/self/gid_map", gid_map);
  }
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return failed("private /");
  if (::mount("tmpfs", folder.c_str(), "tmpfs", 0, "size=256k") != 0) return failed("mount tmpfs");
  return "";
}

// Fills the file system holding `folder` until a write is refused for want of space.
std::string fill(const std::string& folder) {
  const int fd = ::open((folder + "/filler").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return failed("filler");
  const std::string block(4096, 'f');
  while (::write(fd, block.data(), block.size()) > 0) {
  }
  const bool full = errno == ENOSPC;
  ::close(fd);
  return full ? "" : failed("filling");
}

// A really full file system: a 256 KiB tmpfs in the child's own mount namespace. Where
// namespaces are not allowed (an unprivileged container) the test is skipped, and the
// file-size limit below still runs the same write failure.
TEST(FileSaveFault, AFullDiskKeepsTheOldFile) {
  const std::string folder = new_folder("full-disk");
  const std::string path = folder + "/scene.json";
  const ChildSave result = save_in_child(path, std::string(64 * 1024, 'n'), [&] {
    std::string problem = mount_small_tmpfs(folder);
    if (problem.empty()) write_file(path, kOld);
    return problem.empty() ? fill(folder) : problem;
  });
  if (!result.not_set_up.empty()) GTEST_SKIP() << "no tmpfs of our own: " << result.not_set_up;
  EXPECT_FALSE(result.saved);
  EXPECT_EQ(result.error, "'" + path + "': No space left on device");
  EXPECT_TRUE(result.file_after == kOld) << "the file holds " << result.file_after.size() << " bytes";
  EXPECT_TRUE(fs::is_empty(folder)) << "the tmpfs was seen outside the child";
}

// The closest simulation that needs no privilege: RLIMIT_FSIZE makes a write past 4 KiB
// fail with EFBIG (SIGXFSZ ignored), part way through, as a disk that fills up does.
TEST(FileSaveFault, AFileSizeLimitKeepsTheOldFile) {
  const std::string folder = new_folder("size-limit");
  const std::string path = folder + "/scene.json";
  write_file(path, kOld);
  const ChildSave result = save_in_child(path, std::string(64 * 1024, 'n'), [] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    return ::setrlimit(RLIMIT_FSIZE, &limit) == 0 ? "" : failed("setrlimit");
  });
  ASSERT_EQ(result.not_set_up, "");
  EXPECT_FALSE(result.saved);
  EXPECT_EQ(result.error, "'" + path + "': File too large");
  EXPECT_TRUE(read_all(path) == kOld) << "the file holds " << read_all(path).size() << " bytes";
  EXPECT_EQ(names_in(folder), std::vector<std::string>{"scene.json"});
}

// The size of the save's temporary file in `folder` (the one entry that is not `name`),
// or -1 while there is none.
long long temporary_size(const std::string& folder, const std::string& name) {
  std::error_code ignored;
  for (const auto& entry : fs::directory_iterator(folder, ignored)) {
    if (entry.path().filename() == name) continue;
    const auto size = fs::file_size(entry.path(), ignored);
    return ignored ? -1 : static_cast<long long>(size);
  }
  return -1;
}

void remove_all_but(const std::string& folder, const std::string& name) {
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().filename() != name) fs::remove(entry.path());
}

bool has_exited(pid_t child) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(child), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == child;
}

// A child killed with SIGKILL at any point of a save leaves either the old file or the
// whole new one, never a part. The kill points are found by watching the temporary file
// (none yet, there, partly written, wholly written, renamed) and by a few fixed delays.
TEST(FileSaveFault, ASaveKilledMidWriteLeavesTheOldOrTheNewFile) {
  const std::string folder = new_folder("killed");
  const std::string path = folder + "/scene.json";
  std::string payload(64 * 1024 * 1024, '\0');
  for (std::size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<char>('a' + i % 23);
  const auto whole = static_cast<long long>(payload.size());
  using Clock = std::chrono::steady_clock;
  const auto after = [](int ms) {
    return [ms](long long, Clock::duration elapsed) { return elapsed >= std::chrono::milliseconds(ms); };
  };
  const auto temporary_reaches = [](long long size) {
    return [size](long long temporary, Clock::duration) { return temporary >= size; };
  };
  const std::vector<std::pair<std::string, std::function<bool(long long, Clock::duration)>>> kill_points = {
      {"at once", after(0)},
      {"once the temporary file exists", temporary_reaches(0)},
      {"part way through the write", temporary_reaches(whole / 4)},
      {"once the bytes are all written", temporary_reaches(whole)},
      {"once the new file is in place", [&](long long, Clock::duration) {
         std::error_code missing;
         return fs::file_size(path, missing) == payload.size();
       }},
      {"after 1 ms", after(1)},
      {"after 20 ms", after(20)},
      {"after 100 ms", after(100)},
  };
  bool killed_part_way = false, new_file_seen = false;
  for (const auto& [when, reached] : kill_points) {
    write_file(path, kOld);
    const auto start = Clock::now();
    const pid_t child = ::fork();
    if (child == 0) {
      std::string error;
      ::_exit(save_file(path, payload, error) ? 0 : 1);
    }
    while (!reached(temporary_size(folder, "scene.json"), Clock::now() - start) && !has_exited(child)) {
    }
    ::kill(child, SIGKILL);  // not yet reaped, so the id is still this child's
    ::waitpid(child, nullptr, 0);
    const long long left = temporary_size(folder, "scene.json");
    killed_part_way = killed_part_way || (left > 0 && left < whole);
    const std::string file = read_all(path);
    new_file_seen = new_file_seen || file == payload;
    EXPECT_TRUE(file == kOld || file == payload) << "killed " << when << ": " << file.size() << " bytes";
    remove_all_but(folder, "scene.json");  // a killed save cannot remove its temporary file
  }
  // Watching the file makes this all but certain: only a whole write between two looks
  // at the folder would miss it.
  EXPECT_TRUE(killed_part_way) << "no kill landed while the bytes were being written";
  EXPECT_TRUE(new_file_seen) << "no kill came after the rename";
}
}  // namespace
