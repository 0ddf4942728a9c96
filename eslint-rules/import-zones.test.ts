import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration, on made-up files: the zones the README promises are what lint holds.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function zoneErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'portal/import-zones')
    .map((message) => message.message);
}

describe('architecture zones in lint', () => {
  it('refuses a student feature importing another feature, and allows its own folders and shared code', async () => {
    expect(
      await zoneErrors('apps/web/src/features/home/x.tsx', `import { A } from '../news/news-list-page.tsx';`),
    ).toEqual([expect.stringContaining('A student feature does not import another feature')]);
    expect(
      await zoneErrors('apps/web/src/features/home/parts/x.tsx', `export { A } from '../../topics/a.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/web/src/features/home/x.tsx', `const m = import('../quizzes/quiz-page.tsx');`),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        'apps/web/src/features/home/parts/x.tsx',
        `import { A } from '../home-page.tsx';\nimport { B } from '../../../components/card-grid.tsx';\nimport { C } from './y.ts';`,
      ),
    ).toEqual([]);
  });

  it('refuses a console feature importing another console feature or a student feature', async () => {
    expect(
      await zoneErrors(
        'apps/web/src/console/features/staff/x.tsx',
        `import { A } from '../students/students-page.tsx';`,
      ),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        'apps/web/src/console/features/staff/x.tsx',
        `import { A } from '../../../features/home/home-page.tsx';`,
      ),
    ).toEqual([expect.stringContaining('The console does not import the student app')]);
    expect(
      await zoneErrors(
        'apps/web/src/console/features/staff/x.tsx',
        `import { A } from '../../components/text-field.tsx';`,
      ),
    ).toEqual([]);
  });

  it('keeps the console out of the student app, its screens and its calls', async () => {
    expect(
      await zoneErrors('apps/web/src/app/x.tsx', `import { ConsoleApp } from '../console/app/console-app.tsx';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/web/src/features/auth/x.tsx', `import { listStaff } from '@portal/contract/console';`),
    ).toEqual([expect.stringContaining('does not import the console’s calls')]);
    expect(
      await zoneErrors('apps/web/src/console/lib/x.ts', `import { listStaff } from '@portal/contract/console';`),
    ).toEqual([]);
  });

  it('keeps http/ and sms/ from importing resources', async () => {
    expect(
      await zoneErrors('apps/server/src/http/x.ts', `import { a } from '../resources/auth/otp-codes.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/sms/x.ts', `import { a } from '../resources/roster/routes.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/resources/auth/x.ts', `import { a } from '../../http/define-route.ts';`),
    ).toEqual([]);
  });
});
