#pragma once
#include <napi.h>

namespace cyclebench {
void InitClock(Napi::Env env, Napi::Object exports);
void InitCounters(Napi::Env env, Napi::Object exports);
void InitSched(Napi::Env env, Napi::Object exports);
void InitMemory(Napi::Env env, Napi::Object exports);
void InitLayout(Napi::Env env, Napi::Object exports);
void InitChild(Napi::Env env, Napi::Object exports);
void InitSimulation(Napi::Env env, Napi::Object exports);
void InitProcess(Napi::Env env, Napi::Object exports);
}  // namespace cyclebench
