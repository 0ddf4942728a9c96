import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import portal from './eslint-rules/import-zones.js';

// Files that belong to one of the TypeScript projects, so lint can ask the type checker about them.
const typedFiles = [
  'apps/server/{src,test,scripts,bench}/**/*.ts',
  'apps/web/{src,test}/**/*.{ts,tsx}',
  'packages/contract/src/**/*.ts',
  'e2e/**/*.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'apps/server/media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A promise nobody awaits hides its failure (an unhandled rejection ends the server); one passed where a
    // callback's result is ignored does the same.
    files: typedFiles,
    // No tsconfigRootDir (the working directory, the repository's root, is used): an absolute path here would be in
    // the hash ESLint's cache keeps of this config, and a clone elsewhere would re-lint every file.
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // The zones the README's architecture names; a crossing import is a design change to discuss, not to slip in.
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { portal },
    rules: {
      'portal/import-zones': [
        'error',
        [
          {
            eachFolderOf: 'apps/web/src/features',
            message:
              'A student feature does not import another feature; move what both need to components/, lib/ or api/',
          },
          {
            eachFolderOf: 'apps/web/src/console/features',
            message:
              'A console feature does not import another feature; move what both need to console/components or console/lib',
          },
          {
            from: 'apps/web/src',
            except: ['apps/web/src/console'],
            forbid: 'apps/web/src/console',
            message: 'The student app does not import the console (it would weigh on its first load)',
          },
          {
            from: 'apps/web/src',
            except: ['apps/web/src/console'],
            forbidPackage: '@portal/contract/console',
            message: 'The student app does not import the console’s calls',
          },
          {
            from: 'apps/web/src/console',
            forbid: 'apps/web/src/features',
            message: 'The console does not import the student app’s features',
          },
          // The server, bottom to top: domain/ (rules that need no request or database); db/, http/, sms/,
          // sessions/, one-time-codes/, audit/ and any other top-level folder, which serve every resource; the
          // resources; and the wiring that registers them (api-routes.ts, console-routes.ts, serve.ts, cli/).
          {
            from: 'apps/server/src/domain',
            forbid: 'apps/server/src',
            allow: ['apps/server/src/domain'],
            message: 'domain/ holds rules that need no request or database: it imports only packages and itself',
          },
          {
            from: 'apps/server/src/db',
            forbid: 'apps/server/src/resources',
            message: 'db/ and its seed sit below the resources: move a rule both apply to domain/',
          },
          {
            from: 'apps/server/src',
            except: [
              'apps/server/src/resources',
              'apps/server/src/api-routes.ts',
              'apps/server/src/console-routes.ts',
              'apps/server/src/serve.ts',
              'apps/server/src/cli',
            ],
            forbid: 'apps/server/src/resources',
            message:
              'Only the wiring (api-routes.ts, console-routes.ts, serve.ts, cli/) imports resources; every other folder serves them all and imports none',
          },
          {
            // A resource leans on another only where this map says so (no cycles: eslint-rules/import-zones.test.ts),
            // and then on its repositories and helpers, never on its routes, which only the wiring registers.
            eachFolderOf: 'apps/server/src/resources',
            mayUse: {
              // Sign-in finds the student, files the registration a code proved, and sweeps those never proved.
              auth: ['profile', 'registration'],
              // A request for a number that already is a student's; approving enrols as the roster does.
              registration: ['profile', 'roster'],
              'staff-auth': ['staff'],
              // Whether a student may see a subject decides what its lessons, quizzes, classes and materials show.
              learning: ['subjects'],
              quizzes: ['subjects'],
              // A class reminder is texted as a message send, from the template marked for it.
              'live-classes': ['subjects', 'messages'],
              'study-materials': ['subjects'],
              // A download offers a topic's video as the topic list gives it, and its chapter's materials.
              downloads: ['learning', 'study-materials'],
              // Files are checked as uploads check them, and a course's files are stored as a pack stores them.
              course: ['content-pack', 'media'],
              'content-pack': ['media'],
            },
            private: '(^|-)routes\\.ts$',
            message:
              'A resource imports another only where eslint.config.js’s mayUse says so, and never its routes; move what both need below resources',
          },
        ],
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Imports flow shared -> features -> app: a feature never reaches into another feature or the app.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/*'], message: 'Features do not import the app layer.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*', '**/app/*'], message: 'Shared code does not import features or the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
