// Entry point of the addon: every module registers its exports here.
// Every export exists on every platform; where the OS or CPU lacks a feature the
// module compiles a stub that reports `supported: false` with a reason (habit 1).
#include <napi.h>

#include "modules.h"

static Napi::Object Init(Napi::Env env, Napi::Object exports) {
  cyclebench::InitClock(env, exports);
  cyclebench::InitCounters(env, exports);
  cyclebench::InitSched(env, exports);
  cyclebench::InitMemory(env, exports);
  cyclebench::InitLayout(env, exports);
  cyclebench::InitChild(env, exports);
  cyclebench::InitSimulation(env, exports);
  cyclebench::InitProcess(env, exports);
  return exports;
}

NODE_API_MODULE(cyclebench, Init)
