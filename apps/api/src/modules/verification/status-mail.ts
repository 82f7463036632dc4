import type { DbOrTx } from '../../db/client';
import type { Mail, Mailer } from '../../lib/mailer';
import { listVerificationStaffEmails, type StationFacts, type StatusRecord } from './repository';

/**
 * The status e-mail: one per status change, to the program's verification staff and the station's
 * local health authority, saying which beach, old and new status, and the result and rule (or the
 * staff member's reason) behind it.
 */
export interface StatusMailFacts {
  station: StationFacts;
  from: StatusRecord | null;
  to: StatusRecord;
  effectiveDate: string;
  result: {
    result_id: number;
    sample_date: string;
    sample_time_hh: string;
    sample_time_mm: string;
    parameter_name: string;
    value: number | null;
    remark_code: string | null;
    unit_name: string;
    station_name: string;
  } | null;
  rule: { title: string; description: string } | null;
  /** A staff member's reason (manual changes). */
  reason: string | null;
  /** What else the change asks for (resampling, a sanitary survey). */
  actions: string[];
  changedBy: string | null;
  publicUrl: string;
}

export const STATUS_MAIL_KIND = 'BEACH_STATUS';

export function statusMail(f: StatusMailFacts, to: string): Mail {
  const s = f.station;
  const fromName = f.from?.name ?? 'No status';
  const time = f.result && f.result.sample_time_hh ? ` ${f.result.sample_time_hh}:${f.result.sample_time_mm || '00'}` : '';
  const lines = [
    `Beach: ${s.beach_name}, station ${s.station_name} (${s.municipality}, ${s.county} County)`,
    `Program: ${s.program_name} (${s.program_abbv})`,
    `Status: ${fromName} -> ${f.to.name}, from ${f.effectiveDate}`,
  ];
  if (f.result) {
    const value = f.result.value === null ? 'no value' : `${f.result.remark_code ? `${f.result.remark_code} ` : ''}${f.result.value} ${f.result.unit_name}`;
    lines.push(
      `Result: ${f.result.parameter_name} ${value} at ${f.result.station_name}, sampled ${f.result.sample_date}${time} (result ${f.result.result_id})`,
    );
  }
  if (f.rule) lines.push(`Rule: ${f.rule.title}. ${f.rule.description}`);
  if (f.reason) lines.push(`Reason: ${f.reason}`);
  if (f.actions.length) lines.push(`Actions: ${f.actions.join('; ')}`);
  if (f.changedBy) lines.push(`Changed by: ${f.changedBy}`);
  lines.push('', `Beach page: ${f.publicUrl}/beach/${s.beach_station_id}`, `Portal: ${f.publicUrl}/portal/results/verification`);
  return {
    kind: STATUS_MAIL_KIND,
    to,
    subject: `[${s.program_abbv}] ${s.beach_name} (${s.station_name}): ${fromName} -> ${f.to.name}`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * Queues one e-mail per change through the mailer, inside the caller's transaction (so the outbox row
 * exists exactly when the change does). Returns the recipients of each mail, in order.
 */
export async function sendStatusMails(tx: DbOrTx, mailer: Mailer, programId: number, mails: readonly StatusMailFacts[]): Promise<string[][]> {
  if (mails.length === 0) return [];
  const staff = await listVerificationStaffEmails(tx, programId);
  const sent: string[][] = [];
  for (const facts of mails) {
    const recipients = [...new Set([...staff, ...(facts.station.lha_email ? [facts.station.lha_email.toLowerCase()] : [])])];
    if (recipients.length === 0) {
      sent.push([]);
      continue;
    }
    await mailer.send(tx, statusMail(facts, recipients.join(', ')));
    sent.push(recipients);
  }
  return sent;
}
