// A vitest reporter for scripts/test.mjs: counts, and each failure named with its project (PGlite and PostgreSQL
// run the same files in one run, so a file's path alone does not say which failed), and each file's time (where CI's
// minutes go), written to SUMMARY_FILE.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const firstLine = (errors) => (errors?.[0]?.message ?? '').split('\n')[0];

export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const summary = { passed: 0, failed: 0, skipped: 0, failures: [], files: [] };
    for (const module of testModules) {
      const where = `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`;
      let failedHere = 0;
      const { duration, collectDuration, setupDuration, environmentSetupDuration } = module.diagnostic();
      summary.files.push({
        where,
        ms: Math.round(duration + collectDuration + setupDuration + environmentSetupDuration),
      });
      for (const test of module.children.allTests()) {
        const { state, errors } = test.result();
        if (state === 'passed') summary.passed += 1;
        else if (state === 'failed') {
          summary.failed += 1;
          failedHere += 1;
          summary.failures.push(`${where} › ${test.fullName}\n    ${firstLine(errors)}`);
        } else summary.skipped += 1;
      }
      if (module.state() === 'failed' && failedHere === 0)
        summary.failures.push(`${where}\n    ${firstLine(module.errors())}`);
    }
    for (const error of unhandledErrors)
      summary.failures.push(`unhandled error\n    ${(error.message ?? '').split('\n')[0]}`);
    writeFileSync(process.env.SUMMARY_FILE, JSON.stringify(summary));
  }
}
