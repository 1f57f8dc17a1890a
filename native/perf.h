// One perf_event_open call shared by counters.cc (the calling thread) and child.cc (a
// forked child before exec), so both open events with the same read_format and flags.
#pragma once
#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace cyclebench {

struct PerfFlags {
  bool excludeKernel = false;
  bool excludeHv = false;
  bool disabled = false;
  bool inherit = false;
  bool enableOnExec = false;
};

// Returns the fd, or -1 with errno set. Safe to call from any thread (no JS).
inline int PerfEventOpen(uint32_t type, uint64_t config, int groupFd, const PerfFlags& f, pid_t pid, int cpu) {
  perf_event_attr a{};
  std::memset(&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = type;
  a.config = config;
  a.disabled = f.disabled;
  a.inherit = f.inherit;
  a.enable_on_exec = f.enableOnExec;
  a.exclude_kernel = f.excludeKernel;
  a.exclude_hv = f.excludeHv;
  // TOTAL_TIME_ENABLED/RUNNING make multiplexed counts scalable (docs/platform-notes.md P3); ID maps
  // each value of a group read back to its event.
  a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  // CLOEXEC: counter fds must not leak into spawned children; counting is inherited by
  // the kernel, not through the fd (docs/platform-notes.md P10).
  return static_cast<int>(syscall(__NR_perf_event_open, &a, pid, cpu, groupFd, PERF_FLAG_FD_CLOEXEC));
}

// Largest group read accepted: 3 header words + (value, id) per event. Our biggest group
// has 4 events; 32 leaves room without allocating per read (docs/platform-notes.md P16).
constexpr size_t kMaxGroupWords = 3 + 2 * 32;

}  // namespace cyclebench
#endif
