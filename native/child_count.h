// One counted run of a command: perf's cork pattern (tools/perf/util/evlist.c
// evlist__prepare_workload; docs/platform-notes.md a "Counting a child", P11). fork → the child
// blocks on a "go" pipe → counter groups are opened on the child pid (leader disabled,
// enable_on_exec=1, inherit=1) → go byte → execve → wait4 → group reads.
// Shared by the addon (in-process fallback) and the helper executable (child_helper.cc);
// the report is plain data so the helper can write it to the addon through a pipe.
#pragma once
#if defined(__linux__)
#include <sys/ioctl.h>

#include <cstring>

#include "child_exec.h"
#include "perf.h"

namespace cyclebench {

// Raw readings of one run; trivially copyable (the helper writes it as bytes). magic
// carries a protocol version so a stale helper is detected, not misread.
constexpr uint32_t kReportMagic = 0x63620001;  // "cb", version 1
struct ChildReport {
  uint32_t magic = kReportMagic, size = sizeof(ChildReport);
  int32_t pid = -1, status = 0, execStage = 0, execErrno = 0, failErrno = 0, timedOut = 0;
  char failSyscall[24] = "";
  double wallNs = 0;
  struct rusage ru = {};
  int32_t nEvents = 0, nGroups = 0;
  int32_t openErrno[kMaxChildEvents] = {};  // per requested event: 0 = opened
  uint64_t ids[kMaxChildEvents] = {};
  uint32_t groupWords[kMaxChildEvents] = {};  // one group read per leader
  uint64_t group[kMaxChildEvents][kMaxGroupWords] = {};
};

using PidCallback = void (*)(pid_t pid, void* ctx);

inline void ReportFail(ChildReport* r, int err, const char* syscall) {
  r->failErrno = err;
  std::strncpy(r->failSyscall, syscall, sizeof r->failSyscall - 1);
}

// The first event of each group that opens becomes its leader; a member that cannot join
// is retried alone as a leader of its own, so one bad event costs only itself.
inline int OpenCounters(const ChildPlan& p, pid_t pid, ChildReport* r, int* leaders, int* members, int* nMembers) {
  PerfFlags lead, member;
  lead.excludeKernel = member.excludeKernel = p.excludeKernel;
  lead.excludeHv = member.excludeHv = true;
  lead.inherit = member.inherit = true;      // the child's threads and children count too (P11)
  lead.disabled = lead.enableOnExec = true;  // counting starts exactly at execve
  int nLeaders = 0, leader = -1;
  r->nEvents = p.nEvents;
  for (int i = 0; i < p.nEvents; i++) {
    if (i > 0 && p.groups[i] != p.groups[i - 1]) leader = -1;
    int fd = leader >= 0 ? PerfEventOpen(p.types[i], p.configs[i], leader, member, pid, -1) : -1;
    bool alone = fd < 0;
    if (alone) fd = PerfEventOpen(p.types[i], p.configs[i], -1, lead, pid, -1);
    r->openErrno[i] = fd < 0 ? errno : 0;
    uint64_t id = 0;
    if (fd >= 0 && ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) id = 0;
    r->ids[i] = id;
    if (fd < 0) continue;
    if (!alone) members[(*nMembers)++] = fd;
    else if (leaders[nLeaders++] = fd, leader < 0) leader = fd;
  }
  return nLeaders;
}

// Runs the command once and fills *r. onPid is called right after fork (before counters
// are opened; pid -1 if fork failed), so a Ctrl-C handler can kill the child at any point.
inline void RunCounted(const ChildPlan& p, ChildReport* r, PidCallback onPid, void* ctx) {
  int go[2], err[2], nullFd = -1;
  if (pipe2(go, O_CLOEXEC) != 0) return ReportFail(r, errno, "pipe2"), onPid(-1, ctx);
  if (pipe2(err, O_CLOEXEC) != 0) {
    ReportFail(r, errno, "pipe2"), close(go[0]), close(go[1]);
    return onPid(-1, ctx);
  }
  if (p.devNull && (nullFd = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0) {
    ReportFail(r, errno, "open(/dev/null)"), close(go[0]), close(go[1]), close(err[0]), close(err[1]);
    return onPid(-1, ctx);
  }
  pid_t pid = fork();
  if (pid == 0) {
    close(go[1]);  // so the child's read sees EOF if the parent goes away
    ChildMain(p, go[0], err[1], nullFd);
  }
  int forkErr = errno;
  if (pid > 0) setpgid(pid, pid);  // also here, so a kill(-pid) right after onPid finds the group
  close(go[0]), close(err[1]);
  if (nullFd >= 0) close(nullFd);
  r->pid = pid;
  onPid(pid, ctx);
  if (pid < 0) return ReportFail(r, forkErr, "fork"), close(go[1]), void(close(err[0]));
  int leaders[kMaxChildEvents], members[kMaxChildEvents], nMembers = 0;
  int nLeaders = OpenCounters(p, pid, r, leaders, members, &nMembers);
  int64_t t0 = NowNs();
  char byte = 'g';
  ssize_t w = write(go[1], &byte, 1);  // EPIPE if already killed: SIGPIPE is ignored
  (void)w;
  close(go[1]);
  int fail[2] = {0, 0};
  ssize_t n;
  while ((n = read(err[0], fail, sizeof fail)) < 0 && errno == EINTR) {}
  close(err[0]);  // EOF (n == 0): exec succeeded, the pipe closed with O_CLOEXEC
  if (n == static_cast<ssize_t>(sizeof fail)) r->execStage = fail[0], r->execErrno = fail[1];
  bool timedOut = false;
  ReapChild(pid, p.timeoutMs, t0, &r->status, &r->ru, &timedOut);
  r->wallNs = static_cast<double>(NowNs() - t0);
  r->timedOut = timedOut;
  for (int g = 0; g < nLeaders; g++) {
    ssize_t got = read(leaders[g], r->group[g], sizeof r->group[g]);
    r->groupWords[g] = got > 0 ? static_cast<uint32_t>(got / sizeof(uint64_t)) : 0;
  }
  r->nGroups = nLeaders;
  for (int g = 0; g < nLeaders; g++) close(leaders[g]);
  for (int m = 0; m < nMembers; m++) close(members[m]);
}

}  // namespace cyclebench
#endif
