// npm run icd10:import -- <path to the CMS zip or icd10cm_order_YYYY.txt>
import { loadConfig } from '../../config.ts';
import { DataDirInUseError } from '../../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../../db/open.ts';
import { importRelease } from './dx-codes.repository.ts';
import { readRelease } from './icd10-release.ts';

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run icd10:import -- <cms_YYYY_dx.zip | icd10cm_order_YYYY.txt>');
    process.exit(2);
  }
  const release = readRelease(file);
  const database = await openConfiguredDatabase(loadConfig());
  const started = Date.now();
  await importRelease(database.db, release);
  await database.close();
  const billable = release.rows.filter((r) => r.billable).length;
  console.log(
    `Imported ICD-10-CM ${release.release}: ${release.rows.length} codes (${billable} billable) in ${Date.now() - started} ms.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
