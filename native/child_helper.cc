// cyclebench-child: the small process that forks each measured command.
//
// Why it exists: a command's ru_maxrss is at least the RSS of the mm it had when it called
// execve. fork() copies the parent's anonymous pages into the child's mm (dup_mm sets
// hiwater_rss to that copy), and execve records the old mm's high-water mark in
// signal->maxrss (fs/exec.c exec_mmap: setmax_mm_hiwater_rss(&tsk->signal->maxrss, old_mm)),
// which wait4 reports. Measured from a process holding 200 MB: `true` read 205 MB after
// fork, vfork, posix_spawn and clone(CLONE_VM|CLONE_VFORK) alike (the shared mm is the big
// one), and after a double exec through env(1) (signal->maxrss survives exec); forked
// from a small process that had itself been spawned by the big one, 1 MB (= /usr/bin/time).
//
// So the addon posix_spawns this helper (no page-table copy of Node), and the helper runs
// the cork pattern (child_count.h) from its own small mm and reports through fd 3
// (child_wire.h). Links nothing but libc.
#if defined(__linux__)
#include <csignal>
#include <cstdio>

#include "child_wire.h"

namespace {

void WritePid(pid_t pid, void*) {
  cyclebench::PidMessage m;
  m.pid = pid;
  cyclebench::WriteAll(cyclebench::kHelperFd, &m, sizeof m);
}

}  // namespace

int main(int argc, char** argv, char** envp) {
  cyclebench::ChildPlan plan;
  if (!cyclebench::DecodeHelperArgs(argc, argv, envp, &plan)) {
    std::fprintf(stderr, "%s: not a %s command line (run by the cyclebench addon only)\n", argv[0],
                 cyclebench::kHelperTag);
    return 126;
  }
  // Like time(1): a terminal's Ctrl-C reaches the whole process group; the helper must
  // outlive the command to reap it and report. SIGPIPE: the go byte to a command killed
  // while corked, or a report to a caller that died, is EPIPE, not death. The command gets
  // default dispositions back in ChildMain.
  // The report pipe must not leak into the command (posix_spawn's dup2 cleared the flag).
  fcntl(cyclebench::kHelperFd, F_SETFD, FD_CLOEXEC);
  // Dies with the Node process that spawned it; the command then dies with the helper.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGQUIT, SIG_IGN);
  std::signal(SIGPIPE, SIG_IGN);
  cyclebench::ChildReport report;
  cyclebench::RunCounted(plan, &report, WritePid, nullptr);
  return cyclebench::WriteAll(cyclebench::kHelperFd, &report, sizeof report) ? 0 : 1;
}

#else  // !__linux__: the target builds everywhere; the addon never spawns it here.
#include <cstdio>

int main() {
  std::fprintf(stderr, "cyclebench-child: native child counting is Linux-only (fork + perf_event_open)\n");
  return 127;
}
#endif
