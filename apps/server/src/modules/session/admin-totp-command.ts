// npm run admin:totp -- <administrator login name>
// Enrols (or re-enrols) an administrator's second factor (docs/decisions/0226): stores a new TOTP secret and prints the
// otpauth URI to add to an authenticator app (paste it, or make a QR code of it). Printed once; the old secret stops
// working at once.
import { loadConfig } from '../../config.ts';
import { DataDirInUseError } from '../../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../../db/open.ts';
import { enrolAdminSecondFactor } from './second-factor.repository.ts';

async function main() {
  const loginName = process.argv[2];
  if (!loginName) {
    console.error('Usage: npm run admin:totp -- <administrator login name>');
    process.exit(2);
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const enrolled = await enrolAdminSecondFactor(database.db, loginName);
    if (!enrolled) {
      console.error(`No administrator signs in as ${loginName}.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `Second factor for ${loginName}. Add it to an authenticator app, then sign in with its code.`,
    );
    console.log(`Secret: ${enrolled.secret}`);
    console.log(`URI:    ${enrolled.uri}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
