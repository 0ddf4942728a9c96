// Writes src/metadata.mobile.india.json: India's part of libphonenumber-js's mobile metadata, byte for byte what the
// server reads India's numbers with, for the student app's phone field (1.2 KB gzip instead of about 25 KB).
// test/phone-india.test.ts fails when the installed library's data for India differs: run this script again then.
// Usage: node packages/contract/scripts/write-india-metadata.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { indiaOnly } from './india-only.mjs';

const require = createRequire(import.meta.url);
const all = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.mobile.json'), 'utf8'));
writeFileSync(new URL('../src/metadata.mobile.india.json', import.meta.url), `${JSON.stringify(indiaOnly(all))}\n`);
