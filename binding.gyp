{
  "targets": [
    {
      "target_name": "cyclebench",
      "sources": [
        "native/addon.cc",
        "native/errors.cc",
        "native/clock.cc",
        "native/counters.cc",
        "native/sched.cc",
        "native/memory.cc",
        "native/layout.cc",
        "native/child.cc",
        "native/simulation.cc",
        "native/process.cc"
      ],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": ["NAPI_VERSION=8", "NAPI_DISABLE_CPP_EXCEPTIONS"],
      "cflags_cc": ["-std=c++17", "-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "cflags!": ["-fno-exceptions"],
      "cflags_cc!": ["-fno-exceptions"]
    },
    {
      "target_name": "cyclebench-child",
      "type": "executable",
      "sources": ["native/child_helper.cc"],
      "cflags_cc": ["-std=c++17", "-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "conditions": [["OS=='linux'", {"ldflags": ["-Wl,--as-needed"]}]]
    }
  ]
}
