// ESLint flat config. Import boundaries (STYLE.md habit 1): domain imports nothing of ours but
// domain; contracts import only domain; web never imports server; server never imports web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      ...restrict(
        ['**/server/**', '**/web/**', '**/contracts/**', '**/cli/**', 'fastify*', 'drizzle-orm*', 'pg', 'react*', 'node:*'],
        'src/domain is pure: no I/O, no server, web or framework imports.',
      ),
      // No clock in the domain: callers pass `now`.
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'src/domain has no clock: take `now` as a parameter.' }],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'src/domain has no clock: take `now` as a parameter.' }],
    },
  },
  {
    files: ['src/contracts/**'],
    rules: restrict(['**/server/**', '**/web/**', '**/cli/**'], 'contracts are shared: they import only domain and zod.'),
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(['**/server/**', '**/cli/**', 'node:*', 'fastify*', 'drizzle-orm*', 'pg'], 'the web app never imports server code.'),
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict(['**/web/**'], 'the server never imports web code.'),
  },
);
