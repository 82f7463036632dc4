import type { AlertLanguage, AlertScope } from '../schemas/alerts';

/**
 * Beach alert e-mails (issue 16, decision 0044): pure builders of the text the alert job and the sign-up
 * service put in the outbox, in the subscriber's language, and the rule of which changes a subscription covers.
 */

/** Status names in Spanish by code; the English names are the data's own. */
const STATUS_ES: Record<string, string> = {
  OPEN: 'Abierta',
  ADVISORY: 'Aviso',
  CLOSED: 'Cerrada',
  NOT_MONITORED: 'Sin monitoreo',
};

export interface AlertChange {
  beach_status_history_id: number;
  beach_name: string;
  station_name: string;
  municipality: string;
  county: string;
  from_code: string | null;
  from_name: string | null;
  to_code: string;
  to_name: string;
  effective_date: string;
  reason: string;
  /** The result that caused a rule change (when the history row names one). */
  result: { indicator: string; value: number | null; remark_code: string | null; unit: string; sample_date: string } | null;
}

export interface AlertLinks {
  manageUrl: string;
  unsubscribeUrl: string;
}

export interface AlertMailText {
  subject: string;
  text: string;
}

const T = {
  en: {
    none: 'No status',
    singleSubject: (beach: string, from: string, to: string) => `Beach alert: ${beach} is now ${to} (was ${from})`,
    digestSubject: (n: number) => `Beach alerts: ${n} status changes`,
    singleIntro: 'A beach you follow has a new status.',
    digestIntro: (n: number) => `${n} beaches or stations you follow have a new status.`,
    beach: 'Beach',
    status: 'Status',
    from: 'from',
    why: 'Why',
    result: (c: NonNullable<AlertChange['result']>, value: string) => `Result: ${c.indicator} ${value}, sampled ${c.sample_date}`,
    noValue: 'no value',
    manage: 'Change or stop your alerts',
    unsubscribe: 'Unsubscribe from all alerts in one click',
    footer: 'You get this because you asked for beach status alerts and confirmed your address.',
  },
  es: {
    none: 'Sin estado',
    singleSubject: (beach: string, from: string, to: string) => `Alerta de playa: ${beach} ahora está en ${to} (antes ${from})`,
    digestSubject: (n: number) => `Alertas de playas: ${n} cambios de estado`,
    singleIntro: 'Una playa que usted sigue tiene un estado nuevo.',
    digestIntro: (n: number) => `${n} playas o estaciones que usted sigue tienen un estado nuevo.`,
    beach: 'Playa',
    status: 'Estado',
    from: 'desde el',
    why: 'Motivo',
    result: (c: NonNullable<AlertChange['result']>, value: string) => `Resultado: ${c.indicator} ${value}, muestra del ${c.sample_date}`,
    noValue: 'sin valor',
    manage: 'Cambiar o cancelar sus alertas',
    unsubscribe: 'Darse de baja de todas las alertas con un clic',
    footer: 'Recibe este mensaje porque pidió alertas del estado de las playas y confirmó su dirección.',
  },
} as const;

export function statusName(language: AlertLanguage, code: string | null, name: string | null): string {
  if (!code || !name) return T[language].none;
  return language === 'es' ? (STATUS_ES[code] ?? name) : name;
}

function changeLines(language: AlertLanguage, c: AlertChange): string[] {
  const t = T[language];
  const place = c.station_name && c.station_name !== c.beach_name ? `${c.beach_name} (${c.station_name})` : c.beach_name;
  const lines = [
    `${t.beach}: ${place}, ${c.municipality}, ${c.county}`,
    `${t.status}: ${statusName(language, c.from_code, c.from_name)} -> ${statusName(language, c.to_code, c.to_name)}, ${t.from} ${c.effective_date}`,
  ];
  if (c.reason.trim()) lines.push(`${t.why}: ${c.reason.trim()}`);
  if (c.result) {
    const value = c.result.value === null ? t.noValue : `${c.result.remark_code ? `${c.result.remark_code} ` : ''}${c.result.value} ${c.result.unit}`;
    lines.push(t.result(c.result, value));
  }
  return lines;
}

/**
 * The mail for one subscriber: one change gives one alert, several pending at once (a storm) one digest
 * listing them all, oldest first. Both end with the manage and one-click unsubscribe links.
 */
export function alertMailText(language: AlertLanguage, changes: readonly AlertChange[], links: AlertLinks): AlertMailText {
  if (changes.length === 0) throw new Error('alertMailText: no changes');
  const t = T[language];
  const ordered = [...changes].sort((a, b) => a.beach_status_history_id - b.beach_status_history_id);
  const first = ordered[0]!;
  const subject =
    ordered.length === 1
      ? t.singleSubject(first.beach_name, statusName(language, first.from_code, first.from_name), statusName(language, first.to_code, first.to_name))
      : t.digestSubject(ordered.length);
  const body = ordered.length === 1 ? [t.singleIntro, '', ...changeLines(language, first)] : [t.digestIntro(ordered.length), ...ordered.flatMap((c, i) => ['', `${i + 1}.`, ...changeLines(language, c)])];
  const text = [...body, '', `${t.manage}: ${links.manageUrl}`, `${t.unsubscribe}: ${links.unsubscribeUrl}`, '', t.footer, ''].join('\n');
  return { subject, text };
}

/** RFC 8058 one-click unsubscribe headers for a mail whose unsubscribe address is `url` (https in production). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const SIGNUP = {
  en: {
    confirmSubject: 'Confirm your beach alerts',
    confirm: (url: string) =>
      `Someone (we hope you) asked for e-mail alerts when the status of these beaches changes:\n\n{places}\n\nTo confirm, open this link within 7 days:\n${url}\n\nIf you did not ask for this, ignore this message: nothing will be sent.`,
    knownSubject: 'Your beach alerts',
    known: (url: string) =>
      `Someone (we hope you) asked to subscribe this address to beach alerts. It is already subscribed.\n\nSee or change your alerts, or unsubscribe, here:\n${url}\n\nIf you did not ask for this, you can ignore this message.`,
  },
  es: {
    confirmSubject: 'Confirme sus alertas de playas',
    confirm: (url: string) =>
      `Alguien (esperamos que usted) pidió alertas por correo electrónico cuando cambie el estado de estas playas:\n\n{places}\n\nPara confirmar, abra este enlace en los próximos 7 días:\n${url}\n\nSi usted no lo pidió, ignore este mensaje: no se enviará nada.`,
    knownSubject: 'Sus alertas de playas',
    known: (url: string) =>
      `Alguien (esperamos que usted) pidió suscribir esta dirección a las alertas de playas. Ya está suscrita.\n\nVea o cambie sus alertas, o dese de baja, aquí:\n${url}\n\nSi usted no lo pidió, puede ignorar este mensaje.`,
  },
} as const;

/** The double opt-in mail: the places asked for and the confirmation link. */
export function confirmationMailText(language: AlertLanguage, places: readonly string[], confirmUrl: string): AlertMailText {
  const s = SIGNUP[language];
  return { subject: s.confirmSubject, text: `${s.confirm(confirmUrl).replace('{places}', places.map((p) => `- ${p}`).join('\n'))}\n` };
}

/** To an address already confirmed that asks again: its manage link, and nothing changed. */
export function alreadySubscribedMailText(language: AlertLanguage, manageUrl: string): AlertMailText {
  const s = SIGNUP[language];
  return { subject: s.knownSubject, text: `${s.known(manageUrl)}\n` };
}

export interface AlertSubscriptionScope {
  scope: AlertScope;
  scope_id: number;
}

/** Does a subscription follow this beach: the beach itself, its municipality or its county. */
export function subscriptionCovers(scopes: readonly AlertSubscriptionScope[], beach: { beach_id: number; municipality_id: number; county_id: number }): boolean {
  return scopes.some(
    (s) =>
      (s.scope === 'BEACH' && s.scope_id === beach.beach_id) ||
      (s.scope === 'MUNICIPALITY' && s.scope_id === beach.municipality_id) ||
      (s.scope === 'COUNTY' && s.scope_id === beach.county_id),
  );
}

/** Places as rows: scope and id, without repeats. */
export function placesToScopes(places: { beach_ids: readonly number[]; municipality_ids: readonly number[]; county_ids: readonly number[] }): AlertSubscriptionScope[] {
  const rows: AlertSubscriptionScope[] = [];
  for (const id of new Set(places.beach_ids)) rows.push({ scope: 'BEACH', scope_id: id });
  for (const id of new Set(places.municipality_ids)) rows.push({ scope: 'MUNICIPALITY', scope_id: id });
  for (const id of new Set(places.county_ids)) rows.push({ scope: 'COUNTY', scope_id: id });
  return rows;
}
