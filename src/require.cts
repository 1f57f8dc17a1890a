// The CommonJS entry (`require('cyclebench')`, the "require" condition of package.json's
// exports). It loads the ES module entry itself through require(esm), so a file that uses
// require and one that uses import share one instance of every module: no second copy of
// the registry or of any other state. require(esm) is on by default from Node 20.19 and
// 22.12; older versions get one line saying so.
if (!(process.features as { require_module?: boolean }).require_module)
  throw new Error(
    `require('cyclebench') needs Node >= 20.19 or >= 22.12 (require of ES modules); this is Node ` +
      `${process.version}: use import, or upgrade Node`,
  );

import cyclebench = require('./index.js');
export = cyclebench;
