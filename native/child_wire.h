// The protocol between the addon and the helper executable (child_helper.cc), both halves in
// one file so they cannot drift. The addon posix_spawns the helper with
//   argv: [path, kHelperTag, flags, timeoutMs, cwd, cpus, events, nCandidates, candidates..., command argv...]
//     flags "NDE" as '0'/'1': noAslr, devNull, excludeKernel; cwd "" = inherit;
//     cpus "0,2" ("" = inherit); events "type:config:group,..."
//   envp: the command's environment (the helper itself reads none of it)
//   fd 3: a pipe on which the helper writes a PidMessage right after fork, then the
//         ChildReport when the command has been reaped, then exits 0.
#pragma once
#if defined(__linux__)
#include <spawn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "child_count.h"

namespace cyclebench {

constexpr const char* kHelperName = "cyclebench-child";
constexpr const char* kHelperTag = "cyclebench-child/1";
constexpr int kHelperFd = 3;
constexpr int kHelperFixedArgs = 8;  // path .. nCandidates

struct PidMessage {
  uint32_t magic = kReportMagic;
  int32_t pid = -1;
};

// Reads exactly n bytes; false on EOF or error (the helper died or is a stale build).
inline bool ReadExact(int fd, void* buf, size_t n) {
  char* p = static_cast<char*>(buf);
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r, n -= static_cast<size_t>(r);
  }
  return true;
}

inline bool WriteAll(int fd, const void* buf, size_t n) {
  const char* p = static_cast<const char*>(buf);
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w, n -= static_cast<size_t>(w);
  }
  return true;
}

// Helper side: argv → plan (pointers into argv). False on a malformed or foreign argv.
inline bool DecodeHelperArgs(int argc, char** argv, char** envp, ChildPlan* p) {
  if (argc < kHelperFixedArgs + 2 || std::strcmp(argv[1], kHelperTag) != 0 || std::strlen(argv[2]) != 3) return false;
  p->noAslr = argv[2][0] == '1', p->devNull = argv[2][1] == '1', p->excludeKernel = argv[2][2] == '1';
  p->timeoutMs = std::strtod(argv[3], nullptr);
  p->cwd = argv[4][0] ? argv[4] : nullptr;
  for (char* s = argv[5]; *s;) {
    long c = std::strtol(s, &s, 10);
    if (c < 0 || c >= CPU_SETSIZE) return false;
    CPU_SET(static_cast<int>(c), &p->cpus), p->setCpus = true;
    if (*s == ',') s++;
    else if (*s) return false;
  }
  for (char* s = argv[6]; *s; p->nEvents++) {
    if (p->nEvents == kMaxChildEvents) return false;
    p->types[p->nEvents] = static_cast<uint32_t>(std::strtoul(s, &s, 10));
    if (*s++ != ':') return false;
    p->configs[p->nEvents] = std::strtoull(s, &s, 10);
    if (*s++ != ':') return false;
    p->groups[p->nEvents] = static_cast<uint32_t>(std::strtoul(s, &s, 10));
    if (*s == ',') s++;
    else if (*s) return false;
  }
  long nCand = std::strtol(argv[7], nullptr, 10);
  if (nCand < 1 || kHelperFixedArgs + nCand >= argc) return false;
  // Both lists need a NULL terminator: candidates get a copy, the command's argv is argv's tail.
  char** cand = static_cast<char**>(std::malloc((nCand + 1) * sizeof(char*)));
  if (!cand) return false;
  std::memcpy(cand, argv + kHelperFixedArgs, nCand * sizeof(char*));
  cand[nCand] = nullptr;
  p->candidates = cand;
  p->argv = argv + kHelperFixedArgs + nCand;
  p->envp = envp;
  return true;
}

// Addon side: plan → the helper's argv (the inverse of DecodeHelperArgs).
inline std::vector<std::string> EncodeHelperArgs(const char* helperPath, const ChildPlan& p) {
  std::vector<std::string> a = {helperPath, kHelperTag, "000", "0", p.cwd ? p.cwd : "", "", "", "0"};
  a[2][0] = p.noAslr ? '1' : '0', a[2][1] = p.devNull ? '1' : '0', a[2][2] = p.excludeKernel ? '1' : '0';
  char num[64];
  std::snprintf(num, sizeof num, "%.17g", p.timeoutMs);
  a[3] = num;
  for (int c = 0; p.setCpus && c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &p.cpus)) a[5] += (a[5].empty() ? "" : ",") + std::to_string(c);
  for (int i = 0; i < p.nEvents; i++) {
    std::snprintf(num, sizeof num, "%s%u:%llu:%u", i ? "," : "", p.types[i],
                  static_cast<unsigned long long>(p.configs[i]), p.groups[i]);
    a[6] += num;
  }
  size_t nCand = 0;
  for (char* const* c = p.candidates; *c; c++, nCand++) a.push_back(*c);
  a[7] = std::to_string(nCand);
  for (char* const* v = p.argv; *v; v++) a.push_back(*v);
  return a;
}

// Addon side: one run through the helper. Fills *r like RunCounted; a helper that cannot be
// spawned is a failure of syscall "posix_spawn", one that dies without a report of kHelperName.
inline void RunViaHelper(const char* helperPath, const ChildPlan& p, ChildReport* r, PidCallback onPid, void* ctx) {
  std::vector<std::string> args = EncodeHelperArgs(helperPath, p);
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (auto& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  int res[2];
  if (pipe2(res, O_CLOEXEC) != 0) return ReportFail(r, errno, "pipe2"), onPid(-1, ctx);
  // posix_spawn (CLONE_VM|CLONE_VFORK in glibc) copies no page tables of the big parent; the
  // helper's inflated maxrss does not matter, its children start from its own small mm.
  // Node marks fds 0-2 close-on-exec (docs/platform-notes.md P20): dup2 from a copy clears the flag on
  // every libc (adddup2(fd, fd) clears it in glibc 2.36, as POSIX.1-2024 asks, not everywhere).
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  int copies[3] = {-1, -1, -1};
  for (int fd = 0; fd < 3; fd++)
    if ((copies[fd] = fcntl(fd, F_DUPFD_CLOEXEC, 10)) >= 0) posix_spawn_file_actions_adddup2(&fa, copies[fd], fd);
  posix_spawn_file_actions_adddup2(&fa, res[1], kHelperFd);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);  // the pool thread may block signals
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  pid_t helper = -1;
  int err = posix_spawn(&helper, helperPath, &fa, &attr, argv.data(), p.envp);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  for (int c : copies)
    if (c >= 0) close(c);
  close(res[1]);
  if (err != 0) return ReportFail(r, err, "posix_spawn"), close(res[0]), onPid(-1, ctx);
  PidMessage pm;
  bool gotPid = ReadExact(res[0], &pm, sizeof pm) && pm.magic == kReportMagic;
  onPid(gotPid ? pm.pid : -1, ctx);
  bool gotReport = gotPid && ReadExact(res[0], r, sizeof *r) && r->magic == kReportMagic && r->size == sizeof *r;
  close(res[0]);
  int status = 0;
  while (waitpid(helper, &status, 0) < 0 && errno == EINTR) {}
  if (!gotReport) {
    // ENOEXEC: the helper refused (stale build) or died before forking, nothing ran, the
    // caller may retry in-process. EIO: it died after forking the command.
    *r = ChildReport();
    ReportFail(r, gotPid ? EIO : ENOEXEC, kHelperName);
  }
}

}  // namespace cyclebench
#endif
