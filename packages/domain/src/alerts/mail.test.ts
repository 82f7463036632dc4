import { describe, expect, it } from 'vitest';
import { alertSubscribeSchema } from '../schemas/alerts';
import { alertMailText, alreadySubscribedMailText, confirmationMailText, listUnsubscribeHeaders, placesToScopes, statusName, subscriptionCovers, type AlertChange } from './mail';

const links = { manageUrl: 'https://beaches.example.gov/alerts/manage/TOKEN', unsubscribeUrl: 'https://beaches.example.gov/api/public/alerts/unsubscribe/TOKEN' };
const change = (id: number, over: Partial<AlertChange> = {}): AlertChange => ({
  beach_status_history_id: id,
  beach_name: 'Ocean Avenue',
  station_name: 'Ocean Avenue',
  municipality: 'Belmar',
  county: 'Monmouth County',
  from_code: 'OPEN',
  from_name: 'Open',
  to_code: 'ADVISORY',
  to_name: 'Advisory',
  effective_date: '2026-07-15',
  reason: 'Single sample above the beach action value',
  result: { indicator: 'Enterococcus', value: 130, remark_code: null, unit: 'CFU/100mL', sample_date: '2026-07-14' },
  ...over,
});

describe('alert mail text', () => {
  it('one change: the beach, old -> new, the day, why and the result, then the manage and one-click links', () => {
    const mail = alertMailText('en', [change(7)], links);
    expect(mail.subject).toBe('Beach alert: Ocean Avenue is now Advisory (was Open)');
    expect(mail.text).toBe(
      [
        'A beach you follow has a new status.',
        '',
        'Beach: Ocean Avenue, Belmar, Monmouth County',
        'Status: Open -> Advisory, from 2026-07-15',
        'Why: Single sample above the beach action value',
        'Result: Enterococcus 130 CFU/100mL, sampled 2026-07-14',
        '',
        `Change or stop your alerts: ${links.manageUrl}`,
        `Unsubscribe from all alerts in one click: ${links.unsubscribeUrl}`,
        '',
        'You get this because you asked for beach status alerts and confirmed your address.',
        '',
      ].join('\n'),
    );
  });

  it('several changes: one digest listing them all, oldest first', () => {
    const changes = Array.from({ length: 50 }, (_, i) => change(100 - i, { station_name: `Station ${100 - i}` }));
    const mail = alertMailText('en', changes, links);
    expect(mail.subject).toBe('Beach alerts: 50 status changes');
    expect(mail.text.match(/^Status: /gm)).toHaveLength(50);
    expect(mail.text.indexOf('Station 51')).toBeLessThan(mail.text.indexOf('Station 100'));
    expect(mail.text.match(/Unsubscribe from all alerts/g)).toHaveLength(1);
  });

  it('in Spanish: status names by code, the staff reason as written, a result without value, a first status', () => {
    const mail = alertMailText('es', [change(1, { from_code: null, from_name: null, to_code: 'CLOSED', to_name: 'Closed', result: { indicator: 'E. coli', value: null, remark_code: 'NS', unit: 'MPN/100mL', sample_date: '2026-07-14' } })], links);
    expect(mail.subject).toBe('Alerta de playa: Ocean Avenue ahora está en Cerrada (antes Sin estado)');
    expect(mail.text).toContain('Estado: Sin estado -> Cerrada, desde el 2026-07-15');
    expect(mail.text).toContain('Motivo: Single sample above the beach action value');
    expect(mail.text).toContain('Resultado: E. coli sin valor, muestra del 2026-07-14');
    expect(mail.text).toContain(`Darse de baja de todas las alertas con un clic: ${links.unsubscribeUrl}`);
    expect(statusName('es', 'SOMETHING_NEW', 'Something new')).toBe('Something new');
  });

  it('names the station when it is not the beach, and leaves out an empty reason and a missing result', () => {
    const mail = alertMailText('en', [change(1, { station_name: '5th Avenue', reason: '  ', result: null })], links);
    expect(mail.text).toContain('Beach: Ocean Avenue (5th Avenue), Belmar, Monmouth County');
    expect(mail.text).not.toContain('Why:');
    expect(mail.text).not.toContain('Result:');
    expect(() => alertMailText('en', [], links)).toThrow();
  });

  it('RFC 8058 headers', () => {
    expect(listUnsubscribeHeaders(links.unsubscribeUrl)).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('sign-up mails: the confirmation lists the places; a known address gets its manage link', () => {
    const c = confirmationMailText('en', ['Ocean Avenue', 'Monmouth County'], 'https://x/alerts/confirm/T');
    expect(c.subject).toBe('Confirm your beach alerts');
    expect(c.text).toContain('- Ocean Avenue\n- Monmouth County');
    expect(c.text).toContain('https://x/alerts/confirm/T');
    const k = alreadySubscribedMailText('es', 'https://x/alerts/manage/M');
    expect(k.subject).toBe('Sus alertas de playas');
    expect(k.text).toContain('https://x/alerts/manage/M');
  });
});

describe('what a subscription covers', () => {
  const beach = { beach_id: 3, municipality_id: 30, county_id: 300 };
  it('the beach itself, its municipality or its county; nothing else', () => {
    expect(subscriptionCovers([{ scope: 'BEACH', scope_id: 3 }], beach)).toBe(true);
    expect(subscriptionCovers([{ scope: 'MUNICIPALITY', scope_id: 30 }], beach)).toBe(true);
    expect(subscriptionCovers([{ scope: 'COUNTY', scope_id: 300 }], beach)).toBe(true);
    expect(subscriptionCovers([{ scope: 'BEACH', scope_id: 30 }, { scope: 'COUNTY', scope_id: 3 }, { scope: 'MUNICIPALITY', scope_id: 300 }], beach)).toBe(false);
    expect(subscriptionCovers([], beach)).toBe(false);
  });
  it('places become scope rows without repeats', () => {
    expect(placesToScopes({ beach_ids: [1, 1, 2], municipality_ids: [5], county_ids: [] })).toEqual([
      { scope: 'BEACH', scope_id: 1 },
      { scope: 'BEACH', scope_id: 2 },
      { scope: 'MUNICIPALITY', scope_id: 5 },
    ]);
  });
  it('a sign-up needs a place, a real address and English or Spanish', () => {
    expect(alertSubscribeSchema.safeParse({ email: ' A@Example.ORG ', language: 'es', county_ids: [1] }).data).toMatchObject({ email: 'a@example.org', beach_ids: [], county_ids: [1] });
    expect(alertSubscribeSchema.safeParse({ email: 'a@example.org', language: 'en' }).success).toBe(false);
    expect(alertSubscribeSchema.safeParse({ email: 'nope', language: 'en', beach_ids: [1] }).success).toBe(false);
    expect(alertSubscribeSchema.safeParse({ email: 'a@example.org', language: 'fr', beach_ids: [1] }).success).toBe(false);
    expect(alertSubscribeSchema.safeParse({ email: 'a@example.org', language: 'en', beach_ids: [2_147_483_648] }).success).toBe(false);
  });
});
