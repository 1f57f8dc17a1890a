// ESLint with typescript-eslint's type-aware rules (test/README.md, "Lint").
// src/ and bin/ get the full set; test/, bench/ and examples/ a lighter one, as test code
// builds deliberately loose values (parsed JSON, partial fakes) to probe the library.
import js from '@eslint/js';
import { defineConfig, globalIgnores, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const TESTS = ['test/**', 'bench/**', 'examples/**'];

/** The no-unsafe-* rules, off where values come untyped (plain JavaScript, tests' parsed JSON). */
const NO_UNSAFE_OFF = {
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
};

export default defineConfig(
  // What git ignores (node_modules/, build/, dist/, .cache/ …), and the files the tests run:
  // benchmark files, kernels and fake tools, some broken on purpose.
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url))),
  globalIgnores(['test/fixtures/', 'bench/results/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        // tsconfig.json covers src/, test/, bench/, examples/ and vitest.config.ts; the plain
        // JavaScript files get a default project.
        projectService: {
          allowDefaultProject: [
            'bin/*.js',
            'scripts/*.mjs',
            'test/arm64/*.mjs',
            'bench/engine/*.mjs',
            'eslint.config.js',
            '.dependency-cruiser.cjs',
          ],
          // typescript-eslint refuses more than 8 files in the default project unless told; these
          // are a dozen small scripts, each parsed once.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // From strict-type-checked: the rules that catch lost errors and unhandled cases.
      // node:test's test() returns a promise its runner awaits itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // no-unnecessary-condition is not on: its 124 findings were checks of values the types call
      // certain but that come from JavaScript callers, parsed JSON or unchecked indexing.
      // A leading underscore names a value left unused on purpose (a rest sibling, a parameter
      // an interface requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Kernels and the compat layers take user functions of any shape; the no-unsafe-* rules
      // still flag every use of an `any` value.
      '@typescript-eslint/no-explicit-any': 'off',
      // Async functions without await implement promise-returning interfaces; dropping `async`
      // would turn their thrown errors into synchronous throws.
      '@typescript-eslint/require-await': 'off',
      // Assertions that restate the inferred type are harmless; its findings were all of that kind.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // The project's interfaces are objects of closures and N-API functions, which use no `this`;
      // every finding was one of those.
      '@typescript-eslint/unbound-method': 'off',
      // Its findings were String() of values read from JSON documents (typed unknown), the intended
      // way to print them; restrict-template-expressions still checks template literals.
      '@typescript-eslint/no-base-to-string': 'off',
      // Its findings were initial values before try/catch and test ballast kept alive on purpose.
      'no-useless-assignment': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.cts'],
    // TypeScript's checker reports undefined names itself.
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['src/require.cts'],
    // The CommonJS entry point loads the package with require() by design.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // These compile source with new Function on purpose: a measured loop per kernel, so each call
    // site stays monomorphic, and V8's %-natives, which parse only from source.
    files: ['src/engine/loop.ts', 'src/engine/latency-loop.ts', 'src/simulation/v8-status.ts', 'bench/clock.ts'],
    rules: { '@typescript-eslint/no-implied-eval': 'off' },
  },
  {
    // dependency-cruiser reads its configuration with require(): a CommonJS file.
    files: ['.dependency-cruiser.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['bin/*.js', 'scripts/*.mjs', 'test/arm64/*.mjs', '.dependency-cruiser.cjs', 'eslint.config.js'],
    // Plain JavaScript has no annotations to give dynamically imported modules a type.
    rules: {
      ...NO_UNSAFE_OFF,
    },
  },
  {
    files: TESTS,
    // The lighter set: tests read parsed JSON and build partial fakes, so `any` flows freely;
    // floating promises, misused promises and unused code are still errors.
    rules: {
      ...NO_UNSAFE_OFF,
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Expected output is matched with the literal spaces of its columns.
      'no-regex-spaces': 'off',
    },
  },
);
