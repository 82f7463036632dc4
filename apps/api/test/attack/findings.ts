/**
 * What the suite counts and reports: requests sent, and each finding with method, path, role and input.
 */
import type { LightMyRequestResponse } from 'fastify';

export type FindingKind =
  /** 2xx (or foreign rows in an answer) where the permission model says no. */
  | 'leak'
  /** A 5xx answer. */
  | '500'
  /** /api/health/live answered seconds late (or not at all) while hostile files were uploaded (issue 27 item 3). */
  | 'stall'
  /** An answer that broke off after it had started (a stream failing after its 200 header). */
  | 'broken response'
  /** A stack trace, SQL or driver text in an answer. */
  | 'internals in body'
  /** 2xx for a body of another content type than the JSON the operation declares, or for a method it does not have. */
  | 'accepted what it should refuse'
  /** An answer without the security headers (nosniff, CSP), with X-Powered-By, or a staff answer that may be cached. */
  | 'headers'
  /** Not 401 without a valid token. */
  | '401 first'
  /** Not 403 for a role without the route's right (or with a pending password change), whatever the input. */
  | '403 before 400'
  /** The document and the explicit public list disagree with what the server does. */
  | 'classification'
  /** A write that stored a control, bidi or invisible character, or a line break in a single-line field (issue 27). */
  | 'accepted control characters'
  /** An id outside 1..2147483647 answered 2xx (issue 27: 400 or 404). */
  | 'accepted out-of-range id'
  /** A stored web address naming this machine, its networks or the metadata service not refused (issue 27 item 4). */
  | 'accepted inner address';

/**
 * The probe classes the suite runs, each counted on its own (issue 27: the suite prints its counts per class).
 */
export type ProbeClass = 'setup' | 'access' | 'malformed input' | 'integer boundaries' | 'control characters' | 'streams' | 'stored URLs' | 'stall';

export interface Finding {
  kind: FindingKind;
  /** Stamped by the ledger: the class running when the finding was made. */
  probeClass?: ProbeClass;
  operation: string;
  role: string;
  input: string;
  status: number;
  detail: string;
}

/** Text that must never reach a client: stack frames, module paths, SQL and driver messages. */
const INTERNALS: readonly [string, RegExp][] = [
  ['stack frame', /\n\s+at [^\n]+:\d+:\d+|\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)/],
  ['node_modules path', /node_modules/],
  ['SQL', /\bSELECT\s|\bINSERT INTO\b|\bUPDATE\s+"?\w+"?\s+SET\b|\bDELETE FROM\b/],
  ['Postgres error', /syntax error at|relation "|violates (?:foreign key|unique|check|not-null) constraint|invalid input syntax for/],
  ['driver name', /PGlite|pglite|drizzle|Failed query/],
  // Fastify's and Node's own error codes (FST_ERR_REP_INVALID_PAYLOAD_TYPE, ERR_STREAM_PREMATURE_CLOSE): internal names (issue 27).
  ['framework error code', /\bFST_ERR_[A-Z_]+|\bERR_[A-Z][A-Z_]{3,}\b/],
];

export function internalsIn(body: string): string | null {
  for (const [label, re] of INTERNALS) {
    const m = re.exec(body);
    if (m) return `${label}: …${body.slice(Math.max(0, m.index - 40), m.index + 80).replace(/\s+/g, ' ')}…`;
  }
  return null;
}

export class Ledger {
  requests = 0;
  operations = 0;
  readonly findings: Finding[] = [];
  /** Access probes a 400 stopped before the access check could be seen (not failures: coverage gaps). */
  readonly inconclusive: string[] = [];
  /**
   * A record named in the path the role may not reach, refused only after the body was validated (400
   * first). Stricter than the rule (the right to the route comes first): listed, not failed.
   */
  readonly pathTargetAfterBody: string[] = [];

  /** The class the requests and findings are counted under from now on. */
  probeClass: ProbeClass = 'setup';
  readonly requestsByClass = new Map<ProbeClass, number>();

  add(f: Finding) {
    this.findings.push({ ...f, probeClass: this.probeClass });
  }

  /** Counts one request under the current class (every request the suite sends goes through here). */
  counted() {
    this.requests++;
    this.requestsByClass.set(this.probeClass, (this.requestsByClass.get(this.probeClass) ?? 0) + 1);
  }

  /**
   * Checks every answer: no 5xx, no internals in the body, the security headers, and no caching of a staff
   * answer. Returns the answer for further checks.
   */
  seen(res: LightMyRequestResponse, where: Omit<Finding, 'kind' | 'status' | 'detail'>, staff: boolean): LightMyRequestResponse {
    this.counted();
    const status = res.statusCode;
    if (status >= 500) this.add({ kind: '500', ...where, status, detail: res.body.slice(0, 200) });
    const leaked = internalsIn(res.body);
    if (leaked) this.add({ kind: 'internals in body', ...where, status, detail: leaked });
    const missing = [
      ...(res.headers['x-content-type-options'] === 'nosniff' ? [] : ['X-Content-Type-Options: nosniff']),
      ...(res.headers['content-security-policy'] ? [] : ['Content-Security-Policy']),
      ...(res.headers['x-powered-by'] ? ['no X-Powered-By'] : []),
      ...(staff && !String(res.headers['cache-control'] ?? '').includes('no-store') ? ['Cache-Control: no-store on a staff answer'] : []),
    ];
    if (missing.length) this.add({ kind: 'headers', ...where, status, detail: `wanted ${missing.join(', ')}` });
    return res;
  }

  of(...kinds: FindingKind[]) {
    return this.findings.filter((f) => kinds.includes(f.kind));
  }

  count(kind: FindingKind) {
    return this.of(kind).length;
  }

  summary() {
    return (
      `attack suite: ${this.operations} operations, ${this.requests} requests, ${this.count('leak')} leaks, ` +
      `${this.count('500')} responses 500, ${this.count('broken response')} broken responses, ${this.count('internals in body')} bodies with internals, ` +
      `${this.count('401 first')} not-401s, ${this.count('403 before 400')} not-403s, ${this.count('classification')} misclassified, ` +
      `${this.count('accepted what it should refuse')} wrongly accepted, ${this.count('headers')} header faults, ` +
      `${this.count('accepted control characters')} control characters accepted, ${this.count('accepted out-of-range id')} out-of-range ids accepted, ` +
      `${this.count('accepted inner address')} inner addresses accepted`
    );
  }

  /** One line per probe class: requests sent and findings by kind (issue 27). */
  byClass(): string {
    const lines: string[] = [];
    for (const [probeClass, requests] of this.requestsByClass) {
      const kinds = new Map<FindingKind, number>();
      for (const f of this.findings) if (f.probeClass === probeClass) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
      const found = [...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
      lines.push(`  ${probeClass}: ${requests} requests, ${found || 'no findings'}`);
    }
    return `attack suite per class:\n${lines.join('\n')}`;
  }
}

/** One line per finding, grouped by kind then operation, for the failure message. */
export function report(findings: Finding[]): string {
  const sorted = [...findings].sort((a, b) => a.kind.localeCompare(b.kind) || a.operation.localeCompare(b.operation) || a.role.localeCompare(b.role));
  return sorted.map((f) => `[${f.kind}] ${f.operation} as ${f.role} with ${f.input}: ${f.status} ${f.detail}`).join('\n');
}
