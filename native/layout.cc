// Address-space layout: personality(2) get/set and the ASLR-off re-exec of
// /proc/self/exe (docs/platform-notes.md d, P19-P23).
#include "errors.h"
#include "modules.h"

#ifdef __linux__
#include <fcntl.h>
#include <sys/personality.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

// Declared by the program, as exec(3p) asks; glibc's unistd.h declares it as well, others may not.
extern char** environ;  // NOLINT(readability-redundant-declaration)
#endif

namespace cyclebench {
namespace {

#ifndef ADDR_NO_RANDOMIZE
#define ADDR_NO_RANDOMIZE 0x0040000  // include/uapi/linux/personality.h
#endif

// Error with a code that is not a plain errno mapping (ELOOP for the loop guard).
void ThrowCode(Napi::Env env, const char* code, int err, const char* syscall, const std::string& msg) {
  Napi::Error e = Napi::Error::New(env, msg);
  e.Set("code", code);
  if (err) e.Set("errno", double(err));
  if (syscall) e.Set("syscall", syscall);
  e.ThrowAsJavaScriptException();
}

#ifdef __linux__
const bool kSupported = true;

Napi::Value GetPersonality(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), double(unsigned(personality(0xffffffff))));
}

Napi::Value SetPersonality(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) {
    Napi::TypeError::New(env, "personality must be a number").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  unsigned long value = info[0].As<Napi::Number>().Uint32Value();
  int prev = personality(value);
  // EPERM: Docker's default seccomp allows only 0, 8, 0x20000, 0x20008, 0xffffffff (P22).
  if (prev == -1) {
    ThrowErrno(env, errno, "personality");
    return env.Undefined();
  }
  return Napi::Number::New(env, double(unsigned(prev)));
}

// Test hook, harmless by construction: it can only make the re-exec NOT happen.
// CYCLEBENCH_TEST_PERSONALITY=eperm simulates a seccomp refusal (P22);
// =ignore simulates a persona that silently does not stick (Google Benchmark #1985).
int SetNoRandomize(unsigned cur) {
  const char* hook = getenv("CYCLEBENCH_TEST_PERSONALITY");
  if (hook && strcmp(hook, "eperm") == 0) {
    errno = EPERM;
    return -1;
  }
  if (hook && strcmp(hook, "ignore") == 0) return 0;
  return personality(cur | ADDR_NO_RANDOMIZE);
}

// argv from /proc/self/cmdline keeps node's own flags (--expose-gc, --import ...) that
// process.argv hides, and avoids argv[0]="node" without a PATH search (P19). Note that
// setting process.title rewrites this memory, so re-exec before anything does.
bool ReadCmdline(std::vector<std::string>* args) {
  std::ifstream f("/proc/self/cmdline", std::ios::binary);
  if (!f) return false;
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  size_t start = 0;
  while (start < all.size()) {
    size_t end = all.find('\0', start);
    if (end == std::string::npos) end = all.size();
    args->push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return !args->empty();
}

Napi::Value ReexecWithoutAslr(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString()) {
    Napi::TypeError::New(env, "marker must be a string").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  std::string marker = info[0].As<Napi::String>().Utf8Value();
  // Loop guard 1 (P21): this process is already the product of a re-exec.
  if (getenv(marker.c_str()) != nullptr) {
    ThrowCode(env, "ELOOP", ELOOP, "execve",
              "re-exec refused: " + marker + " is set, this process was already re-executed");
    return env.Undefined();
  }
  unsigned cur = unsigned(personality(0xffffffff));
  if (SetNoRandomize(cur) == -1) {
    ThrowErrno(env, errno, "personality");  // "ASLR stays on"
    return env.Undefined();
  }
  // Loop guard 2 (P21): re-read; a persona that did not stick would re-exec for nothing.
  if (!(unsigned(personality(0xffffffff)) & ADDR_NO_RANDOMIZE)) {
    personality(cur);
    ThrowCode(env, "EPERM", EPERM, "personality",
              "personality(ADDR_NO_RANDOMIZE) did not stick (re-read without the flag)");
    return env.Undefined();
  }
  std::vector<std::string> args;
  if (!ReadCmdline(&args)) {
    int err = errno ? errno : EIO;
    personality(cur);
    ThrowErrno(env, err, "open /proc/self/cmdline");
    return env.Undefined();
  }
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  setenv(marker.c_str(), "1", 1);
  // Node marks fds 0-2 close-on-exec at start-up (P20): without this the new image has
  // no stdout/stderr. Done last, so a failure below can put the flags back.
  int saved[3];
  for (int fd = 0; fd < 3; fd++) {
    saved[fd] = fcntl(fd, F_GETFD);
    if (saved[fd] != -1) fcntl(fd, F_SETFD, saved[fd] & ~FD_CLOEXEC);
  }
  execve("/proc/self/exe", argv.data(), environ);  // returns only on failure
  int err = errno;
  for (int fd = 0; fd < 3; fd++)
    if (saved[fd] != -1) fcntl(fd, F_SETFD, saved[fd]);
  personality(cur);
  unsetenv(marker.c_str());
  ThrowErrno(env, err, "execve");
  return env.Undefined();
}
#else
const bool kSupported = false;
Napi::Value Unsupported(const Napi::CallbackInfo& info) {
  ThrowCode(info.Env(), "ENOTSUP", 0, nullptr, "personality(2) needs Linux");
  return info.Env().Undefined();
}
#define GetPersonality Unsupported
#define SetPersonality Unsupported
#define ReexecWithoutAslr Unsupported
#endif

}  // namespace

void InitLayout(Napi::Env env, Napi::Object exports) {
  exports.Set("layoutSupported", Napi::Boolean::New(env, kSupported));
  exports.Set("ADDR_NO_RANDOMIZE", Napi::Number::New(env, ADDR_NO_RANDOMIZE));
  exports.Set("layoutGetPersonality", Napi::Function::New(env, GetPersonality, "layoutGetPersonality"));
  exports.Set("layoutSetPersonality", Napi::Function::New(env, SetPersonality, "layoutSetPersonality"));
  exports.Set("layoutReexecWithoutAslr", Napi::Function::New(env, ReexecWithoutAslr, "layoutReexecWithoutAslr"));
}

}  // namespace cyclebench
