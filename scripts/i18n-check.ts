/**
 * `npm run i18n:check`: per locale, the messages it lacks, the ones en-GB does not have and the
 * placeholder mismatches (decision 210). Exits 1 when any locale is not complete. Missing messages
 * fall back to the parent locale (de-ch → de) and then en-GB at run time, so the app still works.
 */
import { checkCatalogues, reportIsClean } from './i18n/catalogue-check.ts';

const root = new URL('..', import.meta.url).pathname;
const reports = checkCatalogues(root);
const list = (keys: string[]) =>
  keys.length > 12 ? `${keys.slice(0, 12).join(', ')} … (+${keys.length - 12})` : keys.join(', ');
for (const r of reports) {
  if (reportIsClean(r)) {
    console.log(`${r.locale}: complete`);
    continue;
  }
  console.log(`${r.locale}:${r.fileMissing ? ` ${r.file} does not exist` : ''}`);
  if (r.missing.length) console.log(`  missing ${r.missing.length}: ${list(r.missing)}`);
  if (r.extra.length) console.log(`  extra ${r.extra.length}: ${list(r.extra)}`);
  for (const p of r.placeholderMismatches)
    console.log(`  placeholders differ in ${p.key}: en-GB {${p.expected.join('} {')}} vs {${p.actual.join('} {')}}`);
}
process.exitCode = reports.every(reportIsClean) ? 0 : 1;
