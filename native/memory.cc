#include "modules.h"
namespace cyclebench {
void InitMemory(Napi::Env env, Napi::Object exports) {}
}  // namespace cyclebench
