// The child side of the cork pattern, shared by the addon (child.cc, in-process fallback)
// and the helper executable (child_helper.cc): the plan of one run, what runs in the child
// between fork and execve (async-signal-safe calls only), and the wait with a timeout.
// No N-API and no allocation here, so the helper links nothing but libc.
#pragma once
#if defined(__linux__)
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>

namespace cyclebench {

// src/platform/counters-math.ts EVENT_TABLE has 10 events; TS de-duplicates them.
constexpr int kMaxChildEvents = 16;

// One run. Pointers are borrowed: NULL-terminated arrays the caller keeps alive.
struct ChildPlan {
  char* const* candidates = nullptr;  // execvp's search list, PATH already resolved in TS
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  const char* cwd = nullptr;  // nullptr: inherit
  cpu_set_t cpus{};
  bool setCpus = false, noAslr = false, devNull = false, excludeKernel = false;
  double timeoutMs = 0;
  int nEvents = 0;  // per event: perf type, config, index of its group
  uint32_t types[kMaxChildEvents] = {}, groups[kMaxChildEvents] = {};
  uint64_t configs[kMaxChildEvents] = {};
  ChildPlan() { CPU_ZERO(&cpus); }
};

inline int64_t NowNs() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// Runs in the forked child: async-signal-safe calls only (fork(2) in a threaded process).
[[noreturn]] inline void ChildMain(const ChildPlan& p, int goFd, int errFd, int nullFd) {
  // Its own process group, so a timeout or Ctrl-C ends whatever the command starts
  // (kill(-pid)); and it dies with the process that forked it (prctl(2) PR_SET_PDEATHSIG,
  // kept across execve for a non-setuid program).
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  // Node ignores SIGPIPE and handles SIGINT etc.; the helper ignores SIGINT/SIGQUIT. Ignored
  // dispositions and the signal mask survive exec, so reset them the way libuv's
  // uv__process_child_init does.
  struct sigaction dfl = {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; sig++) sigaction(sig, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  // {stage, errno}; stages 1 dup2, 2 execve, 3 sched_setaffinity, 4 personality, 5 chdir
  int fail[2] = {0, 0};
  if (nullFd >= 0) {
    for (int fd = 0; fd < 3; fd++)
      if (dup2(nullFd, fd) < 0 && !fail[0]) fail[0] = 1, fail[1] = errno;
  } else {
    // Node marks fds 0-2 close-on-exec at start-up: without this the command's output
    // vanishes (docs/platform-notes.md P20; observed fdinfo flags 02100001 on Node 20).
    for (int fd = 0; fd < 3; fd++) {
      int fl = fcntl(fd, F_GETFD);
      if (fl >= 0) fcntl(fd, F_SETFD, fl & ~FD_CLOEXEC);
    }
  }
  if (!fail[0] && p.setCpus && sched_setaffinity(0, sizeof p.cpus, &p.cpus) != 0) fail[0] = 3, fail[1] = errno;
  if (!fail[0] && p.noAslr) {
    int cur = personality(0xffffffff);
    if (cur == -1 || personality(static_cast<unsigned long>(cur) | ADDR_NO_RANDOMIZE) == -1)
      fail[0] = 4, fail[1] = errno;
  }
  if (!fail[0] && p.cwd && chdir(p.cwd) != 0) fail[0] = 5, fail[1] = errno;
  // Cork: wait for the parent to open the counters. EOF without a byte = parent gave up.
  char go = 0;
  ssize_t r;
  while ((r = read(goFd, &go, 1)) < 0 && errno == EINTR) {}
  if (r != 1) _exit(127);
  if (!fail[0]) {
    // execvp semantics over the PATH list resolved before fork (execvp itself may allocate):
    // keep looking past ENOENT/ENOTDIR/EACCES, report EACCES if any candidate had it.
    bool sawEacces = false;
    for (char* const* c = p.candidates; *c; c++) {
      execve(*c, p.argv, p.envp);
      if (errno == EACCES) sawEacces = true;
      else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ENODEV) break;
    }
    fail[0] = 2, fail[1] = sawEacces ? EACCES : errno;
  }
  ssize_t w = write(errFd, fail, sizeof fail);
  (void)w;
  _exit(127);
}

// pidfd_open + poll gives an exact timeout without a polling loop (Linux 5.3+); otherwise
// poll wait4(WNOHANG) every millisecond. SIGKILL on timeout, then reap for the rusage.
inline void ReapChild(pid_t pid, double timeoutMs, int64_t t0, int* status, struct rusage* ru, bool* timedOut) {
  if (timeoutMs > 0) {
    int64_t deadline = t0 + static_cast<int64_t>(timeoutMs * 1e6);
    int pfd = -1;
#ifdef SYS_pidfd_open
    pfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#endif
    for (;;) {
      int64_t left = deadline - NowNs();
      if (left <= 0) {
        *timedOut = true;
        if (kill(-pid, SIGKILL) != 0) kill(pid, SIGKILL);  // the group; the pid if it is not one yet
        break;
      }
      if (pfd >= 0) {
        struct pollfd p = {pfd, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>((left + 999999) / 1000000)) > 0) break;
      } else {
        if (wait4(pid, status, WNOHANG, ru) == pid) return;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, nullptr);
      }
    }
    if (pfd >= 0) close(pfd);
  }
  while (wait4(pid, status, 0, ru) < 0 && errno == EINTR) {}
}

}  // namespace cyclebench
#endif
