#include "modules.h"
namespace cyclebench {
void InitSched(Napi::Env env, Napi::Object exports) {}
}  // namespace cyclebench
