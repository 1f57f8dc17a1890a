// Why `cyclebench stat` forks commands from a small helper, at the syscall level:
// ru_maxrss of `true` started from a parent holding N MiB, by fork, vfork, posix_spawn,
// clone(CLONE_VM|CLONE_VFORK), a double exec through env(1), and fork from a small
// process the big parent spawned (what native/child_helper.cc does). Not a test:
//   cc -O2 -o /tmp/maxrss-exec bench/stat/maxrss-exec.c && /tmp/maxrss-exec 200
// fs/exec.c exec_mmap records the old mm's high-water mark in signal->maxrss at execve.
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;
static char* true_argv[] = {"true", NULL};
static char stack[1 << 16];

static int exec_true(void* arg) {
  (void)arg;
  execvp("true", true_argv);
  _exit(127);
}

static long reap(pid_t pid) {
  int st;
  struct rusage ru;
  if (wait4(pid, &st, 0, &ru) != pid) return -1;
  return ru.ru_maxrss;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "--small") == 0) {  // the small process: fork, exec, report
    pid_t p = fork();
    if (p == 0) exec_true(NULL);
    printf("%ld\n", reap(p));
    return 0;
  }
  size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 200;
  char* ballast = malloc(mib << 20);
  memset(ballast, 1, mib << 20);
  pid_t p;
  char* env_argv[] = {"env", "true", NULL};
  char* small_argv[] = {"/proc/self/exe", "--small", NULL};
  if ((p = fork()) == 0) exec_true(NULL);
  printf("parent holds %zu MiB; ru_maxrss of `true` in KiB:\n  fork                        %ld\n", mib, reap(p));
  if ((p = vfork()) == 0) exec_true(NULL);
  printf("  vfork                       %ld\n", reap(p));
  posix_spawnp(&p, "true", NULL, NULL, true_argv, environ);
  printf("  posix_spawn                 %ld\n", reap(p));
  p = clone(exec_true, stack + sizeof stack, CLONE_VM | CLONE_VFORK | SIGCHLD, NULL);
  printf("  clone(CLONE_VM|CLONE_VFORK) %ld\n", reap(p));
  posix_spawnp(&p, "env", NULL, NULL, env_argv, environ);
  printf("  double exec through env     %ld\n", reap(p));
  fflush(stdout);
  printf("  fork from a small helper    ");
  fflush(stdout);
  posix_spawn(&p, "/proc/self/exe", NULL, NULL, small_argv, environ);
  reap(p);
  return ballast[1] == 1 ? 0 : 1;
}
