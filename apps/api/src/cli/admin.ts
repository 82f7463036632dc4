import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../bootstrap';
import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { HttpError } from '../lib/http';
import { createFirstAdministrator, describeRefusal, listAdministrators } from '../modules/users/first-administrator';
import { backupConfig } from './backup-config';

/**
 * npm run admin -- create --email E --name "First Last" [--organization NAME --abbv ABBV] [--program NAME --program-abbv ABBV]
 * npm run admin -- list
 *
 * The first agency administrator of a production database, which holds only code lists (decision 0042).
 * No password on the command line (shell history, `ps`): the account gets a random password nobody knows
 * and a forced change, and the command prints a one-time link to choose the password, valid 7 days like a
 * new user's welcome mail. On the embedded database it refuses while the server runs (the data-dir lock).
 */

const USAGE = `Usage:
  npm run admin -- create --email E-MAIL --name "FIRST LAST" [--organization "NAME" --abbv ABBV]
                          [--program "NAME" --program-abbv ABBV]
  npm run admin -- list

create   an organization administrator: a user of the admin organization with ADMIN in every area of its
         programs. Prints a one-time link (PUBLIC_URL/reset-password/...) to choose the password, valid 7 days.
  --email          the login address
  --name           first and last name
  --organization   the admin organization to join (name or abbreviation) or to create (then with --abbv);
                   default: the only admin organization, or a new "Agency Administration" (ADMIN)
  --program, --program-abbv
                   the first program, on a database that has none (an organization administers only while it
                   takes part in at least one program); more are created in Program Management
list     the users of the admin organizations: e-mail, name, organization, active
On the embedded database stop the server first; on PostgreSQL (DATABASE_URL) it runs beside the portal.`;

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  organization: { type: 'string' },
  abbv: { type: 'string' },
  program: { type: 'string' },
  'program-abbv': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    (values.help ? console.log : console.error)(USAGE);
    return values.help ? 0 : 2;
  }
  if (positionals.length > 1 || (command !== 'create' && command !== 'list')) {
    console.error(`Unknown command: ${positionals.join(' ')}\n${USAGE}`);
    return 2;
  }
  if (command === 'create') {
    if (!values.email || !values.name) {
      console.error(`create needs --email and --name (the password is never given on the command line).\n${USAGE}`);
      return 2;
    }
    if (values.abbv && !values.organization) {
      console.error('--abbv goes with --organization (the organization to create).');
      return 2;
    }
    if (Boolean(values.program) !== Boolean(values['program-abbv'])) {
      console.error('--program and --program-abbv go together: the first program\'s name and abbreviation.');
      return 2;
    }
  }
  // Signs nothing: a stand-in secret keeps the configuration from requiring or generating JWT_SECRET.
  const config = backupConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'list') {
      const admins = await listAdministrators(database.db);
      if (admins.length === 0) console.log('No administrators yet: npm run admin -- create --email ... --name "..."');
      for (const a of admins) {
        console.log(
          [a.email, a.name, a.organization, a.active ? 'active' : 'inactive', a.mustChangePassword ? 'must change password' : '']
            .filter(Boolean)
            .join('\t'),
        );
      }
      return 0;
    }
    const result = await createFirstAdministrator(database.db, {
      email: values.email!,
      name: values.name!,
      organization: values.organization ? { name: values.organization, abbv: values.abbv } : undefined,
      program: values.program ? { name: values.program, abbv: values['program-abbv']! } : undefined,
    });
    const org = result.organization;
    console.log(
      `Created ${result.firstName} ${result.lastName} <${result.email}>, administrator in ${org.name} (${org.abbv})` +
        `${org.created ? ', a new admin organization' : ''}: ADMIN in ` +
        result.programs.map((p) => `${p.abbv}${p.created ? ' (new program)' : ''}`).join(', ') +
        '.',
    );
    console.log('');
    console.log(`To choose the password, open this one-time link before ${result.resetExpiresAt.toISOString()}:`);
    console.log(`${config.publicUrl}/reset-password/${result.resetToken}`);
    console.log('');
    console.log(`Then sign in at ${config.publicUrl}/login. Keep the link private: whoever opens it first sets the password.`);
    if (!process.env.PUBLIC_URL) {
      console.log(`(PUBLIC_URL is not set: the link uses ${config.publicUrl}; replace the host if the portal answers elsewhere.)`);
    }
    return 0;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      console.error(`Nothing created. ${describeRefusal(err)}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // The server has the embedded database open: the message names it and says to stop it first.
    console.error(err instanceof DataDirLockedError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
