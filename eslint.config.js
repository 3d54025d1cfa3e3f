import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Import direction (DESIGN.md §1): shared imports neither side; client and server never
 * import each other. Enforced with no-restricted-imports per folder.
 */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map((g) => ({ group: [g], message: 'Import direction: see DESIGN.md §1' })),
    },
  ],
});

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
    rules: forbid(
      '**/server/**',
      '**/client/**',
      'react',
      'fastify',
      'drizzle-orm',
      'drizzle-orm/*',
    ),
  },
  {
    files: ['src/client/**'],
    rules: forbid('**/server/**', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'pg'),
  },
  { files: ['src/server/**'], rules: forbid('**/client/**', 'react', 'react-dom', '@mantine/*') },
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
