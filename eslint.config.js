import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { featureConfigs } from './eslint.features.js';

/**
 * Import direction (DESIGN.md §1): shared imports neither side; client and server never
 * import each other. Enforced with no-restricted-imports per folder. `groups` are gitignore-style
 * patterns; `regexes` are [regex, message] pairs for what a glob cannot say.
 */
const forbid = (groups, regexes = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...groups.map((g) => ({ group: [g], message: 'Import direction: see DESIGN.md §1' })),
        ...regexes.map(([regex, message]) => ({ regex, message })),
      ],
    },
  ],
});

const SERVER_FORBIDS = ['**/client/**', 'react', 'react-dom', '@mantine/*'];
const CLIENT_FORBIDS = ['**/server/**', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'pg'];
const MODULE_MESSAGE =
  "Another module's internals: import its index.ts (docs/architecture.md). Only app.ts registers route plugins.";
/**
 * A server module (src/server/modules/<m>/) imports another module only through its index.ts:
 * from a file at the module's top level that is `../<other>/index.js`, from one a folder
 * deeper `../../<other>/index.js`. Relative paths that stay inside the module, or climb to
 * lib/, db/ or shared/, do not match (their second segment is `..`).
 */
const moduleInternals = (depth) => [
  `^${'\\.\\./'.repeat(depth)}[a-z][a-z-]*/(?!index\\.js$).+`,
  MODULE_MESSAGE,
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.test-cache/**',
      'bench-results/**',
      'data/**',
      'node_modules/**',
      'db/migrations/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/shared/**'],
    rules: forbid([
      '**/server/**',
      '**/client/**',
      '**/test/**',
      '**/scripts/**',
      'react',
      'fastify',
      'drizzle-orm',
      'drizzle-orm/*',
      'pg',
      'zod/*',
    ]),
  },
  {
    files: ['src/client/**'],
    rules: forbid(CLIENT_FORBIDS),
  },
  // a client feature imports another feature only through its index.ts (eslint.features.js)
  ...featureConfigs(forbid(CLIENT_FORBIDS)['no-restricted-imports'][1].patterns),
  { files: ['src/server/**', 'test/**'], rules: forbid(SERVER_FORBIDS) },
  {
    files: ['src/server/modules/*/*.ts'],
    rules: forbid(SERVER_FORBIDS, [moduleInternals(1)]),
  },
  {
    files: ['src/server/modules/*/*/*.ts'],
    rules: forbid(SERVER_FORBIDS, [moduleInternals(2)]),
  },
  {
    files: ['src/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['scripts/**/*.mjs', '*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        module: 'writable',
        require: 'readonly',
      },
    },
  },
);
