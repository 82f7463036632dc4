import type { AlertSubscription } from '@beach/domain';
import { usePublicText } from '../../i18n';

/** What a subscription follows, as a plain list. */
export function ChosenList({ subscription }: { subscription: AlertSubscription }) {
  const { t } = usePublicText();
  const rows = [
    ...subscription.beaches.map((p) => ({ key: `b${p.id}`, kind: t('alerts.subscribe.beach'), name: p.name })),
    ...subscription.municipalities.map((p) => ({ key: `m${p.id}`, kind: t('alerts.subscribe.municipality'), name: p.name })),
    ...subscription.counties.map((p) => ({ key: `c${p.id}`, kind: t('alerts.subscribe.county'), name: p.name })),
  ];
  return (
    <ul className="usa-list">
      {rows.map((r) => (
        <li key={r.key}>
          <strong>{r.kind}:</strong> {r.name}
        </li>
      ))}
    </ul>
  );
}
