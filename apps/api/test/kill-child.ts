import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs a test child (a file beside this one, through tsx) until it prints a line starting WORKING, then
 * kills it with SIGKILL, as a crash or `kill -9` would mid-job; resolves to that WORKING line. Rejects when
 * the child ends by itself first (its output in the message).
 */
export function runAndKill(childFile: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, childFile)], {
      cwd: path.join(here, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let working: string | null = null;
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('WORKING'));
      if (line && working === null) {
        working = line;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      if (working !== null && signal === 'SIGKILL') resolve(working);
      else reject(new Error(`${childFile} ended (${code ?? signal}) before its job ran: ${out}\n${err}`));
    });
  });
}
