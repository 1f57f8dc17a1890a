// `cyclebench stat` messages for two mistakes a user makes: a CPU that does not exist, and a
// shell command line given without --shell. On the real platform; nothing is timed.
import { describe, expect, it } from 'vitest';
import { loadPlatform } from '../../src/platform/load.js';
import { stat } from '../../src/stat/stat.js';
import { makeStatCommand } from '../../src/cli/commands/stat.js';

const platform = loadPlatform();
const real = describe.skipIf(!platform.child.capability().supported);

function captureIo() {
  const out = { stdout: '', stderr: '' };
  const io = {
    cwd: process.cwd(),
    stdout: { write: (s: string) => ((out.stdout += s), true), isTTY: false },
    stderr: { write: (s: string) => ((out.stderr += s), true), isTTY: false },
  };
  return { io: io as never, out };
}

real('stat messages (adversarial cases)', () => {
  it('stat --cpu 99 names the CPU, not "cannot execute true: EINVAL"', async () => {
    await expect(stat({ command: ['true'], runs: 1, cpus: [99], platform })).rejects.toThrow(
      /^stat: --cpu 99 is not among the CPUs this process may use/,
    );
    const { io, out } = captureIo();
    const code = await makeStatCommand({ platform })(['--cpu', '99', '-r', '1', '--', 'true'], io);
    expect(code).toBe(2);
    expect(out.stderr.split('\n')[0]).toMatch(/^cyclebench stat: --cpu 99 is not among the CPUs/);
    expect(out.stderr).not.toMatch(/EINVAL/);
  });

  it('a shell string without --shell gets a hint after "command not found"', async () => {
    const r = await stat({ command: ['sleep 0 && true'], runs: 1, platform });
    expect(r.commands[0].failures[0].message).toBe(
      'command not found: sleep 0 && true (a shell command line? add --shell, or give the words separately)',
    );
    const plain = await stat({ command: ['no-such-command-xyz'], runs: 1, platform });
    expect(plain.commands[0].failures[0].message).toBe('command not found: no-such-command-xyz');
  });
});
