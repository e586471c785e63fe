// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** One zone per web feature: it may import itself, never another feature (bulletproof-react's rule). */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature; compose them in app/ or a page.',
}));

/** The back office (apps/backoffice) keeps the same layering: app -> features -> shared, no feature -> feature. */
const backofficeFeatureZones = readdirSync(new URL('./apps/backoffice/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./apps/backoffice/src/features/${entry.name}`,
    from: './apps/backoffice/src/features',
    except: [`./${entry.name}`],
    message: 'A feature never imports another feature; compose them in app/ or a page.',
  }));

/**
 * Server modules (apps/server/src/modules/<module>/, ARCHITECTURE.md "Modules"): one reaches another only through
 * its index.ts, and so do the plugins, the CLI, the jobs, the test helpers, app.ts, services.ts and main.ts. A
 * test may also use a module's *.fixtures.ts. That modules depend on each other one way only is checked by
 * scripts/check-modules.mjs, which `npm run lint` runs after ESLint.
 */
const serverModulesDir = new URL('./apps/server/src/modules/', import.meta.url);
const serverModules = readdirSync(serverModulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The files of each module others may import, relative to modules/: its index.ts (and, for tests, its fixtures).
 * @param {string} module
 * @param {{ tests: boolean }} options
 */
const moduleEntries = (module, { tests }) => [
  `./${module}/index.ts`,
  ...(tests
    ? readdirSync(new URL(`${module}/`, serverModulesDir))
        .filter((file) => file.endsWith('.fixtures.ts'))
        .map((file) => `./${module}/${file}`)
    : []),
];
/** @param {{ tests: boolean }} options */
const serverModuleZones = ({ tests }) => [
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [
      `./${module}`,
      ...serverModules.filter((other) => other !== module).flatMap((other) => moduleEntries(other, { tests })),
    ],
    message: "A module reaches another only through that module's index.ts (ARCHITECTURE.md, Modules).",
  })),
  {
    target: [
      './apps/server/src/plugins',
      './apps/server/src/cli',
      './apps/server/src/jobs',
      './apps/server/src/test',
      './apps/server/src/app.ts',
      './apps/server/src/services.ts',
      './apps/server/src/main.ts',
      './bench',
    ],
    from: './apps/server/src/modules',
    except: serverModules.flatMap((module) => moduleEntries(module, { tests })),
    message: 'Code outside the modules reaches a module only through its index.ts (ARCHITECTURE.md, Modules).',
  },
];

/** Inside a module: routes -> service -> repository -> db. */
const serverLayerZones = [
  {
    target: './apps/server/src/modules/**/*.service.ts',
    from: [
      './apps/server/src/modules/**/*.routes.ts',
      './apps/server/src/modules/**/*.bo-routes.ts',
      './apps/server/src/plugins/**',
    ],
    message: 'Services hold rules and never import routes or Fastify plugins.',
  },
  {
    target: './apps/server/src/modules/**/*.repository.ts',
    from: [
      './apps/server/src/modules/**/*.service.ts',
      './apps/server/src/modules/**/*.routes.ts',
      './apps/server/src/modules/**/*.bo-routes.ts',
    ],
    message: 'Repositories hold SQL and decide nothing: no services or routes.',
  },
  {
    target: ['./apps/server/src/modules/**/*.routes.ts', './apps/server/src/modules/**/*.bo-routes.ts'],
    from: './apps/server/src/modules/**/*.repository.ts',
    message: 'Routes call services, never repositories.',
  },
  {
    target: './apps/server/src/db',
    from: './apps/server/src/modules',
    message: 'The db layer does not know the modules.',
  },
];

/**
 * The linter guards the layering of ARCHITECTURE.md:
 * server: routes -> service -> repository -> db; a module reaches another module only through its index.ts;
 * web: app -> features -> shared; a feature never imports another feature;
 * contract: imports only zod.
 */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'e2e/report/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Resolvers without native binaries: newer ones ship per-platform packages that break `npm ci` here.
      'import-x/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        },
        node: true,
      },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // A journey's pictures go through shoot() or screenshot() (e2e/support/shell.ts), drawn only with E2E_SCREENSHOTS=1.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='screenshot']",
          message: 'Take screenshots with shoot() or screenshot() of e2e/support/shell.ts (E2E_SCREENSHOTS=1).',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Plain scripts the browser loads as they are (before the app bundle).
    files: ['apps/*/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    // Tests of the contract run under vitest; only the shipped contract is held to zod alone.
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'The contract imports only zod.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverLayerZones, ...serverModuleZones({ tests: false })] },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '../*/*.repository.ts'],
              message: "A module calls another module's service, never its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverLayerZones, ...serverModuleZones({ tests: true })] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'Services and repositories never import Fastify.' }],
          patterns: [
            { group: ['@fastify/*', 'fastify-*'], message: 'Services and repositories never import Fastify.' },
            {
              group: ['../*/*.repository', '../*/*.repository.ts'],
              message: "A module calls another module's service, never its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // The seamless wallet answers every vendor call: on Node 20 an object made as `{ ...source, more }`
    // outlives V8's young collections, and at thousands of calls a second that means a mark-compact every
    // few seconds (docs/decisions/0013-compiled-server-and-the-wallet-heap.md). Write such objects out.
    files: [
      'apps/server/src/modules/seamless-wallet/seamless-wallet.{service,repository}.ts',
      'apps/server/src/modules/vendors/{vendors.service,vendors.repository,signatures}.ts',
      'apps/server/src/modules/wallet/wallet.{service,repository}.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message:
            'No `{ ...source, more }` on the wallet path: it outlives young collections on Node 20 (decision 0013). Write the fields out.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: [
                './apps/web/src/features',
                './apps/web/src/components',
                './apps/web/src/hooks',
                './apps/web/src/lib',
              ],
              from: './apps/web/src/app',
              message: 'Features and shared code never import from app/.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/hooks', './apps/web/src/lib'],
              from: './apps/web/src/features',
              message: 'Shared code never imports a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The player site runs on Preact through preact/compat (decision 0047): what compat lacks is kept out.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['useOptimistic', 'useActionState', 'act'],
              message: 'preact/compat has no such export: the player site runs on Preact (decision 0047).',
            },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'useFormState'],
              message: 'preact/compat has no such export: the player site runs on Preact (decision 0047).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...backofficeFeatureZones,
            {
              target: [
                './apps/backoffice/src/features',
                './apps/backoffice/src/components',
                './apps/backoffice/src/hooks',
                './apps/backoffice/src/lib',
              ],
              from: './apps/backoffice/src/app',
              message: 'Features and shared code never import from app/.',
            },
            {
              target: ['./apps/backoffice/src/components', './apps/backoffice/src/hooks', './apps/backoffice/src/lib'],
              from: './apps/backoffice/src/features',
              message: 'Shared code never imports a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The back office's calls come from BACKOFFICE_CALLS, never a literal path.
    files: ['apps/backoffice/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/backoffice/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/bo\\//]', 'TemplateElement[value.raw=/^\\/bo\\//]'].map((selector) => ({
          selector,
          message: "A back-office call's path comes from BACKOFFICE_CALLS, not a literal.",
        })),
      ],
    },
  },
  {
    // A call's method and path are written once, in the contract's tables (packages/contract/src/calls.ts):
    // the server registers its routes and the site sends its calls from there.
    files: [
      'apps/server/src/modules/**/*.routes.ts',
      'apps/server/src/modules/**/*.bo-routes.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/^\\/(wps|lgw|lotto|bo\\/api)\\//]',
          'TemplateElement[value.raw=/^\\/(wps|lgw|lotto|bo\\/api)\\//]',
        ].map((selector) => ({
          selector,
          message:
            "A call's path comes from the contract's tables (ACCOUNT_CALLS, GAME_CALLS, BACKOFFICE_CALLS, …), not a literal.",
        })),
        // Here, not in the player site's own block: a later block's no-restricted-syntax replaces an earlier one's.
        {
          selector: "JSXAttribute[name.name='autoFocus']",
          message:
            'Preact only writes autofocus, which a browser honours as the page loads (decision 0047): use ref={focusOnMount} (apps/web/src/lib/focus-on-mount.ts).',
        },
      ],
    },
  },
);
