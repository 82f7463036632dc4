import path from 'node:path';
import { loadConfig, type Config } from '../config';

/**
 * The configuration as the server reads it. The backup commands sign nothing: a stand-in secret keeps
 * loadConfig from generating DATA_DIR/jwt-secret (a restore must find DATA_DIR as it was).
 */
export function backupConfig(): Config {
  return loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'x'.repeat(32) });
}

/** A path given on the command line, from the directory npm was run in (like DATA_DIR). */
export function fromInvocationDir(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}
