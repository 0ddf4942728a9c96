import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

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

  it('keeps every server folder but the wiring from importing resources, a new folder too', async () => {
    expect(await zoneErrors('apps/server/src/http/x.ts', `import { a } from '../resources/auth/routes.ts';`)).toEqual([
      expect.stringContaining('Only the wiring'),
    ]);
    expect(
      await zoneErrors('apps/server/src/sms/x.ts', `import { a } from '../resources/roster/routes.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/media/x.ts', `import { a } from '../resources/course/course-files.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/api-routes.ts', `import { a } from './resources/auth/routes.ts';`),
    ).toEqual([]);
    expect(
      await zoneErrors('apps/server/src/cli/commands/x.ts', `import { a } from '../../resources/staff/add-staff.ts';`),
    ).toEqual([]);
    expect(
      await zoneErrors('apps/server/src/resources/auth/x.ts', `import { a } from '../../http/define-route.ts';`),
    ).toEqual([]);
  });

  it('keeps the seed below the resources and domain/ below everything', async () => {
    expect(
      await zoneErrors('apps/server/src/db/seed/x.ts', `import { a } from '../../resources/quizzes/grading.ts';`),
    ).toEqual([expect.stringContaining('db/ and its seed sit below the resources')]);
    expect(
      await zoneErrors('apps/server/src/db/seed/x.ts', `import { a } from '../../domain/quiz-grading.ts';`),
    ).toEqual([]);
    expect(await zoneErrors('apps/server/src/domain/x.ts', `import { a } from '../db/database.ts';`)).toHaveLength(1);
    expect(await zoneErrors('apps/server/src/domain/x.ts', `import { a } from './name-key.ts';`)).toEqual([]);
  });

  it('lets a resource use another only where the map says, and never its routes', async () => {
    expect(
      await zoneErrors('apps/server/src/resources/news/x.ts', `import { a } from '../quizzes/quiz-repository.ts';`),
    ).toEqual([expect.stringContaining('A resource imports another only where')]);
    expect(
      await zoneErrors('apps/server/src/resources/registration/x.ts', `import { a } from '../auth/sweep.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/resources/auth/x.ts', `import { a } from '../registration/file-request.ts';`),
    ).toEqual([]);
    expect(
      await zoneErrors('apps/server/src/resources/auth/x.ts', `import { a } from '../registration/routes.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/resources/quizzes/x.ts', `import { a } from '../subjects/console-routes.ts';`),
    ).toHaveLength(1);
    expect(
      await zoneErrors('apps/server/src/resources/quizzes/x.ts', `import { a } from '../subjects/access.ts';`),
    ).toEqual([]);
    expect(
      await zoneErrors('apps/server/src/resources/auth/x.ts', `import { a } from '../../one-time-codes/send-code.ts';`),
    ).toEqual([]);
  });

  it('lets no two resources lean on each other, even through others', () => {
    const zones = config
      .flatMap((entry) => Object.values(entry.rules ?? {}))
      .flatMap((setting) => (Array.isArray(setting) && Array.isArray(setting[1]) ? setting[1] : []))
      .find((rule) => rule.eachFolderOf === 'apps/server/src/resources');
    const mayUse: Record<string, string[]> = zones.mayUse;
    const path: string[] = [];
    const cycle = (resource: string): string[] | undefined => {
      if (path.includes(resource)) return [...path.slice(path.indexOf(resource)), resource];
      path.push(resource);
      for (const used of mayUse[resource] ?? []) {
        const found = cycle(used);
        if (found) return found;
      }
      path.pop();
      return undefined;
    };
    expect(Object.keys(mayUse).map(cycle).filter(Boolean)).toEqual([]);
  });
});
