// ESLint flat config. Import boundaries (STYLE.md habit 1): domain imports nothing of ours but
// domain; contracts import only domain; web never imports server; server never imports web; in the
// server only the entry point (main.ts) and tests import app.ts, and context.ts imports only types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

// The server's import patterns. A later block's 'no-restricted-imports' replaces an earlier one's for the
// files both match (flat config does not merge rule options), so each block lists all that apply to it.
const serverNoWeb = { group: ['**/web/**'], message: 'the server never imports web code.' };
const serverNoApp = {
  regex: '^(\\./|(\\.\\./)+)app(\\.[jt]s)?$',
  message: 'app.ts imports every route module: only main.ts and tests import it. The AppContext type is in context.ts.',
};
const contextNoRoutes = { group: ['**/routes', '**/routes.ts'], message: 'context.ts describes the services: it imports no route module.' };

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
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNoWeb] }] },
  },
  {
    // Anything else under src/server importing app.ts would close an import circle through it.
    files: ['src/server/**'],
    ignores: ['src/server/main.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNoWeb, serverNoApp] }] },
  },
  {
    files: ['src/server/context.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNoWeb, serverNoApp, contextNoRoutes] }],
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ regex: '.*', allowTypeImports: true, message: 'context.ts imports types only (`import type`).' }],
      }],
    },
  },
);
